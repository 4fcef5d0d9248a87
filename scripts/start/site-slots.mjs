// Where `npm start` builds the site and what it serves: every build goes into a fresh directory of
// dist-start/, and `dist-start/current` is a symlink to the newest build that succeeded. Publishing a build
// replaces that symlink with one rename(2), which is atomic: the static server (which resolves the link once
// per request, scripts/serve-static.mjs) sees the old site or the new one, never a half-built one, and a
// failed build is simply never published. The build before the current one is kept for the requests still
// reading it; older ones are removed.
import { mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';

export const START_SITE_DIR = 'dist-start';

/**
 * @param {string} [root] the directory holding the builds and the `current` link
 */
export function siteSlots(root = START_SITE_DIR) {
  const link = join(root, 'current');
  let count = 0;

  /** The build `current` points at (its directory name), or null. */
  async function currentBuild() {
    return readlink(link).catch(() => null);
  }

  /** Removes every build but those named. */
  async function prune(keep) {
    const entries = await readdir(root).catch(() => []);
    await Promise.all(
      entries
        .filter((name) => name.startsWith('build-') && !keep.includes(name))
        .map((name) => rm(join(root, name), { recursive: true, force: true })),
    );
  }

  return {
    /** The path to serve: the link, which follows every publish. */
    link,
    /** Whether a build has been published (what `npm start -- --no-build` serves). */
    async hasSite() {
      return (await currentBuild()) !== null;
    },
    /** A fresh directory path for the next build (not created: the build creates it). */
    async nextBuildDir() {
      await mkdir(root, { recursive: true });
      count += 1;
      return join(root, `build-${Date.now()}-${process.pid}-${count}`);
    },
    /** Points `current` at `dir` in one rename, then removes builds older than the one it replaced. */
    async publish(dir) {
      const name = basename(resolve(dir));
      const previous = await currentBuild();
      const next = `${link}.next`;
      await rm(next, { force: true });
      await symlink(name, next);
      await rename(next, link);
      await prune(previous ? [name, previous] : [name]);
    },
    /** Removes a build that failed (it was never published). */
    async discard(dir) {
      await rm(dir, { recursive: true, force: true });
    },
    /** Removes what an earlier run left behind: every build but the current one. */
    async pruneStale() {
      const current = await currentBuild();
      await prune(current ? [current] : []);
    },
  };
}
