import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, encodingFor } from '../../src/gateway/compression.ts';
import { rawRest, startRestFixture, type RestFixture } from './fixture.ts';

describe('Accept-Encoding', () => {
  it('takes Brotli first, then gzip, never a coding refused with q=0', () => {
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingFor('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(encodingFor('GZIP')).toBe('gzip');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor('deflate')).toBeNull();
    expect(encodingFor(undefined)).toBeNull();
  });
});

// The gateway's behaviour, whatever the database: one engine is enough.
describe('REST answers compressed as hosted Supabase sends them', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await startRestFixture('pglite');
  });
  afterAll(async () => {
    await f.stack.close();
  });

  const numbers = (n: number) => Array.from({ length: n }, (_, index) => index + 1);
  const large = 1000;

  it('reads a large answer through supabase-js as it was', async () => {
    expect(JSON.stringify(numbers(large)).length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const { data, error } = await f.anon.rpc('rest_numbers', { n: large });
    expect(error).toBeNull();
    expect(data).toEqual(numbers(large));
  });

  it('sends Brotli or gzip as the client accepts, and says so', async () => {
    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await rawRest(f.stack, `rpc/rest_numbers?n=${large}`, {
        headers: { 'accept-encoding': accepted },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe(sent);
      expect(answer.headers.get('vary')).toBe('Accept-Encoding');
      expect(answer.body).toEqual(numbers(large));
    }
  });

  it('sends a small answer, or one to a client that accepts no compression, as it is', async () => {
    const small = await rawRest(f.stack, 'rpc/rest_numbers?n=3', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.body).toEqual([1, 2, 3]);
    const plain = await rawRest(f.stack, `rpc/rest_numbers?n=${large}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.body).toEqual(numbers(large));
  });
});
