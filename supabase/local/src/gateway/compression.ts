import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Hosted Supabase's edge compresses the API's answers for clients that accept it: Brotli through
 * Cloudflare, gzip from the Envoy gateway for PostgREST's media types (supabase/postgres#1177). A browser
 * then downloads a page's events read as about a seventh of its JSON. Here the REST answers do the same;
 * smaller ones are sent as they are, where compressing saves next to nothing.
 */
export const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from an `Accept-Encoding` header: Brotli when accepted, else gzip, else none
 * (a coding with `q=0` is refused, `identity` alone or no header means none).
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** `body` in `encoding`; Brotli at a fast quality, as an edge compresses dynamic answers. */
export function compress(body: string, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
}
