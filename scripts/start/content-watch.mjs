// The sample content the site is built from when no hosted Sanity is set: the dataset file and the image
// files beside it. `npm start` rebuilds when one of them changes (a hosted dataset tells the host's build
// hook instead, docs/hosting.md).
import { watch } from 'node:fs';
import { join } from 'node:path';

export const CONTENT_DIR = join('studio', 'data');

/** Whether a path under studio/data/ is content the build reads (not a test or an editor's temp file). */
export function isContentFile(relativePath) {
  const path = relativePath.split('\\').join('/');
  if (path === 'production.ndjson') return true;
  return path.startsWith('images/') && !/(^|\/)\.|~$|\.sw.$/.test(path);
}

/**
 * Calls `onChange(reason)` for every change to content under `dir`.
 * @param {{ dir?: string, onChange: (reason: string) => void }} options
 * @returns {() => void} stops watching
 */
export function watchContent({ dir = CONTENT_DIR, onChange }) {
  const watcher = watch(dir, { recursive: true }, (_event, filename) => {
    if (filename && isContentFile(String(filename))) onChange(`${join(dir, String(filename))} changed`);
  });
  return () => watcher.close();
}
