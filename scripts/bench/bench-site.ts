// What every page benchmark starts with: its command-line options, a fresh stack whose database reports
// each request's time, the site built against that stack once it is up (the build reads departures from
// it, decision 0068), and that site served.
import { existsSync } from 'node:fs';
import { startStaticServer } from '../serve-static.mjs';
import { selfSignedCertificate } from '../../tests/helpers/self-signed-certificate.ts';
import { runCommand } from '../../tests/helpers/run-command.mjs';
import { startTestStack } from '../../supabase/local/test/start-test-stack.ts';
import { TimingDatabase } from './timing-database.ts';

/** `--name=value` from the command line. */
export function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

/** A whole-number option, at least `min`. */
export function whole(name: string, fallback: number, min = 1): number {
  const text = option(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return value;
}

/** `--database=postgres|pglite` (default postgres: hosted Supabase runs PostgreSQL). */
export function databaseOption(): 'postgres' | 'pglite' {
  const database = option('database') ?? 'postgres';
  if (database !== 'postgres' && database !== 'pglite') throw new Error('--database is postgres or pglite');
  return database;
}

export const log = (line: string) => console.error(line);

/**
 * Serves `dist`, starts a stack on `port` whose database times every request, then builds the site into
 * `dist` against that stack (unless `--no-build`) and checks that `page` (e.g. 'events') was built. The
 * server comes first because the stack needs its URL; it answers 404 until the build has written `dist`.
 * `http2`: served over HTTPS with HTTP/2, as the static hosts serve the site (a throwaway certificate the
 * browser must be told to accept; openssl makes it); otherwise HTTP/1.1. `protocol` names the one served.
 */
export async function startBenchSite({
  dist,
  port,
  page,
  database,
  http2 = false,
}: {
  dist: string;
  port: number;
  page: string;
  database: 'postgres' | 'pglite';
  http2?: boolean;
}) {
  const supabaseUrl = `http://127.0.0.1:${port}`;
  let timing: TimingDatabase | undefined;
  const certificate = http2 ? selfSignedCertificate() : null;
  const site = await startStaticServer({
    root: dist,
    port: 0,
    host: 'localhost',
    log: () => {},
    ...(certificate && { tls: certificate }),
  });
  const protocol = certificate ? 'HTTP/2' : 'HTTP/1.1';
  const stack = await startTestStack({
    database,
    toml: { auth: { site_url: site.url } },
    configure: (config) => {
      config.port = port;
      config.mailPort = port + 1;
      config.apiUrl = supabaseUrl;
    },
    wrapDatabase: (db) => (timing = new TimingDatabase(db)),
  });
  const close = async () => {
    await stack.close();
    await site.close();
  };
  if (!timing) {
    await close();
    throw new Error('the stack did not hand over its database');
  }
  if (!process.argv.includes('--no-build')) {
    log(`Building the site into ${dist} for the stack at ${supabaseUrl}…`);
    const exit = await runCommand('astro', ['build', '--outDir', dist], {
      env: { PUBLIC_SUPABASE_URL: supabaseUrl },
    });
    if (exit !== 0) {
      await close();
      throw new Error('astro build failed');
    }
  }
  if (!existsSync(`${dist}/${page}.html`) && !existsSync(`${dist}/${page}/index.html`)) {
    await close();
    throw new Error(`${dist} holds no ${page} page: build it (drop --no-build)`);
  }
  // The build's own reads are not the page's: the bench measures from here.
  timing.reset();
  return {
    supabaseUrl,
    protocol,
    site,
    stack,
    timing,
    close,
  };
}
