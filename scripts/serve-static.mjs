#!/usr/bin/env node
// A tiny dependency-free server for the built site (dist/), shaped like a real static host (Netlify,
// Cloudflare Pages): clean URLs (`/x` → `x.html`), the headers of `dist/_headers` (security headers,
// long caching for hashed assets), the rules of `dist/_redirects`, compression, and a logged 404 page.
// No request, however odd, may end the process: a bad target gets a 400.
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { loadEnvFile } from './env/env-file.mjs';
import { headersForPath, parseHeadersFile } from './static-host/headers-file.mjs';
import { findRedirect, parseRedirectsFile } from './static-host/redirects-file.mjs';
import { parseRequestTarget } from './static-host/request-target.mjs';
import { watchedRuleFile } from './static-host/rule-files.mjs';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

// Already-compressed formats gain nothing from gzip/brotli.
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
]);

// What Netlify and Cloudflare Pages send when `_headers` says nothing else.
const DEFAULT_CACHE = 'public, max-age=0, must-revalidate';
const NOT_FOUND_CACHE = 'no-store';
// The hosts read these files themselves and never serve them.
const RULE_FILES = new Set(['_headers', '_redirects']);

/** Resolves a URL path to a file inside root, or null when nothing matches (or the path escapes root). */
async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  if (RULE_FILES.has(relative)) return null;
  const candidates =
    relative === '' || relative.endsWith(sep)
      ? [join(relative, 'index.html')]
      : [relative, `${relative}.html`, join(relative, 'index.html')];
  for (const candidate of candidates) {
    const absolute = resolve(root, candidate);
    if (absolute !== root && !absolute.startsWith(root + sep)) return null;
    const info = await stat(absolute).catch(() => null);
    if (info?.isFile()) return absolute;
  }
  return null;
}

/** Picks the best encoding the client accepts: brotli, then gzip, else none. */
function chooseEncoding(acceptEncoding) {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function compress(body, encoding) {
  if (encoding === 'br') {
    return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  return gzipSync(body);
}

/**
 * Sends a file with the host's default headers, then those `_headers` gives the request path: a header
 * there replaces the default of the same name, a detached one is dropped.
 */
async function sendFile(req, res, filePath, status, ruleHeaders) {
  const ext = extname(filePath).toLowerCase();
  const raw = await readFile(filePath);
  const encoding = COMPRESSIBLE.has(ext) ? chooseEncoding(req.headers['accept-encoding']) : null;
  const body = encoding ? compress(raw, encoding) : raw;
  /** @type {Map<string, [string, string | number]>} */
  const headers = new Map([
    ['content-type', ['Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream']],
    ['cache-control', ['Cache-Control', status === 404 ? NOT_FOUND_CACHE : DEFAULT_CACHE]],
  ]);
  for (const [key, header] of ruleHeaders.headers) headers.set(key, header);
  for (const key of ruleHeaders.detached) headers.delete(key);
  // Transport headers describe this very body: no rule may change them.
  headers.set('content-length', ['Content-Length', body.length]);
  if (encoding) headers.set('content-encoding', ['Content-Encoding', encoding]);
  if (COMPRESSIBLE.has(ext)) headers.set('vary', ['Vary', 'Accept-Encoding']);
  res.writeHead(status, Object.fromEntries(headers.values()));
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(res, status, text, extraHeaders = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...extraHeaders });
  res.end(text);
}

/** Where a redirect sends the browser: never to another host by way of a `//` path, and keeping the query. */
function redirectLocation(destination, search) {
  const location = destination.startsWith('/') ? destination.replace(/^[/\\]+/, '/') : destination;
  return location.includes('?') || search === '' ? location : `${location}${search}`;
}

/**
 * The site a request is served from. `root` may be a symlink that `npm start` points at each new build in
 * one rename (scripts/start/site-slots.mjs): each request resolves it once and reads every file of its
 * answer from that one build, so a swap mid-request never mixes two builds. A root that does not exist yet
 * (a build still running) answers 404 until it does.
 */
function siteOf(root) {
  /** @type {{ base: string, headers: ReturnType<typeof watchedRuleFile>, redirects: ReturnType<typeof watchedRuleFile> } | null} */
  let current = null;
  return async () => {
    const base = await realpath(root).catch(() => root);
    if (current?.base !== base) {
      current = {
        base,
        headers: watchedRuleFile(join(base, '_headers'), parseHeadersFile),
        redirects: watchedRuleFile(join(base, '_redirects'), parseRedirectsFile),
      };
    }
    return current;
  };
}

function createHandler(root, log) {
  const site = siteOf(root);

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    const target = parseRequestTarget(req.url);
    if (!target) {
      log(`400 ${req.method} ${JSON.stringify(req.url)}`);
      sendText(res, 400, 'Bad Request');
      return;
    }
    const { pathname, search } = target;
    const { base, headers, redirects } = await site();
    const ruleHeaders = headersForPath(await headers.get(), pathname);
    let filePath = await resolveFile(base, pathname);
    const redirect = findRedirect(await redirects.get(), pathname);
    // Netlify's shadowing: an existing file wins over a rule unless the rule is forced (`200!`).
    if (redirect && (redirect.rule.force || !filePath)) {
      if (redirect.rule.status !== 200) {
        sendText(res, redirect.rule.status, 'Redirecting', {
          Location: redirectLocation(redirect.destination, search),
          'Cache-Control': DEFAULT_CACHE,
        });
        return;
      }
      filePath = await resolveFile(base, redirect.destination.split('?')[0] ?? '');
    }
    if (filePath) {
      await sendFile(req, res, filePath, 200, ruleHeaders);
      return;
    }
    log(`404 ${req.method} ${pathname}`);
    const notFoundPage = join(base, '404.html');
    if (await stat(notFoundPage).catch(() => null)) {
      await sendFile(req, res, notFoundPage, 404, ruleHeaders);
    } else {
      sendText(res, 404, 'Not Found');
    }
  }

  return (req, res) => {
    handle(req, res).catch((error) => {
      log(
        `500 ${req.method} ${JSON.stringify(req.url)} ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  };
}

/**
 * Starts the server and resolves once it listens.
 * @param {{ root?: string, port?: number, host?: string, log?: (line: string) => void, tls?: { key: Buffer, cert: Buffer } }} [options]
 *   port 0 picks a free port; log receives one line per 400, 404 and 500 answer (default: stdout); tls
 *   serves HTTPS with HTTP/2, as Netlify and Cloudflare Pages do (the page benchmarks, decision 0070).
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startStaticServer({
  root = 'dist',
  port = 4321,
  host = 'localhost',
  log = (line) => console.log(line),
  tls,
} = {}) {
  const absoluteRoot = resolve(root);
  // A broken rule file stops the start with its line number rather than serving without its headers.
  await watchedRuleFile(join(absoluteRoot, '_headers'), parseHeadersFile).get();
  await watchedRuleFile(join(absoluteRoot, '_redirects'), parseRedirectsFile).get();
  const handler = createHandler(absoluteRoot, log);
  // With a certificate, HTTP/2 over TLS (and HTTP/1.1 for clients that ask for it), as the hosts serve.
  const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, handler) : createServer(handler);
  /** Open HTTP/2 sessions, ended on close (closeAllConnections is HTTP/1's). */
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `${tls ? 'https' : 'http'}://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolveClose) => {
        if (tls) for (const session of sessions) session.destroy();
        else server.closeAllConnections();
        server.close(() => resolveClose(undefined));
      }),
  };
}

function parseCliArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inlineValue] = argv[i].split('=', 2);
    const value = inlineValue ?? argv[i + 1];
    if (flag === '--port') options.port = Number(value);
    else if (flag === '--host') options.host = value;
    else if (flag === '--root') options.root = value;
    else continue;
    if (inlineValue === undefined) i += 1;
  }
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Run as a program: PORT may come from `.env` (the real environment wins; --port wins over both).
  loadEnvFile();
  const options = { port: Number(process.env.PORT ?? 4321), ...parseCliArgs(process.argv.slice(2)) };
  const server = await startStaticServer(options);
  console.log(`Serving ${resolve(options.root ?? 'dist')} at ${server.url}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
