#!/usr/bin/env node
// A tiny dependency-free server for the built site (dist/), shaped like a real static host:
// clean URLs (`/x` → `x.html`), long caching for hashed assets, compression, and a logged 404 page.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

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

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=0, must-revalidate';

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

async function sendFile(req, res, filePath, status, cacheControl) {
  const ext = extname(filePath).toLowerCase();
  const raw = await readFile(filePath);
  const encoding = COMPRESSIBLE.has(ext) ? chooseEncoding(req.headers['accept-encoding']) : null;
  const body = encoding ? compress(raw, encoding) : raw;
  const headers = {
    'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'Content-Length': body.length,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  if (COMPRESSIBLE.has(ext)) headers['Vary'] = 'Accept-Encoding';
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function createHandler(root, log) {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed');
        return;
      }
      const filePath = await resolveFile(root, url.pathname);
      if (filePath) {
        const cache = url.pathname.startsWith('/_astro/') ? HASHED_ASSET_CACHE : SHORT_CACHE;
        await sendFile(req, res, filePath, 200, cache);
        return;
      }
      log(`404 ${req.method} ${url.pathname}`);
      const notFoundPage = join(root, '404.html');
      if (await stat(notFoundPage).catch(() => null)) {
        await sendFile(req, res, notFoundPage, 404, 'no-store');
      } else {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found');
      }
    } catch (error) {
      log(`500 ${req.method} ${url.pathname} ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    }
  };
}

/**
 * Starts the server and resolves once it listens.
 * @param {{ root?: string, port?: number, host?: string, log?: (line: string) => void }} [options]
 *   port 0 picks a free port; log receives one line per 404 (default: stdout).
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startStaticServer({
  root = 'dist',
  port = 4321,
  host = 'localhost',
  log = (line) => console.log(line),
} = {}) {
  const absoluteRoot = resolve(root);
  const server = createServer(createHandler(absoluteRoot, log));
  await new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
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
  const options = { port: Number(process.env.PORT ?? 4321), ...parseCliArgs(process.argv.slice(2)) };
  const server = await startStaticServer(options);
  console.log(`Serving ${resolve(options.root ?? 'dist')} at ${server.url}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
