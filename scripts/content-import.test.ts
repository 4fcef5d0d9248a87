import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SANITY_ENV = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_TOKEN', 'SANITY_API_VERSION'];

function runImport(env: Record<string, string>, args: string[] = []) {
  // Set to empty rather than left out: the script reads `.env` too, and the real environment wins over it,
  // so a developer's SANITY_TOKEN in .env cannot turn these cases into a real import.
  const baseEnv = { ...process.env, ...Object.fromEntries(SANITY_ENV.map((name) => [name, ''])) };
  return spawnSync(process.execPath, ['scripts/content-import.mjs', ...args], {
    env: { ...baseEnv, ...env },
    encoding: 'utf8',
  });
}

describe('npm run content:import', () => {
  it('names every missing variable and exits with an error', () => {
    const result = runImport({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'content:import needs SANITY_PROJECT_ID, SANITY_DATASET, SANITY_TOKEN (missing)',
    );
  });

  it('names only what is missing', () => {
    const result = runImport({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('content:import needs SANITY_TOKEN (missing)');
  });

  it('with --dry-run, lists the sample documents it would import and touches nothing', () => {
    const result = runImport(
      { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging', SANITY_TOKEN: 'unused' },
      ['--dry-run'],
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Would import 10 documents into abc123/staging');
    expect(result.stdout).toContain('trip trip-usa');
    expect(result.stdout).toContain('siteSettings siteSettings');
  });
});

type Upload = { filename: string | null; sha1: string; id: string };

/**
 * A stand-in for Sanity's API with the two calls the import makes: an image upload, answered with the id
 * Sanity gives a file (`image-<sha1>-<w>x<h>-jpg`, or a wrong one when asked), and a mutation.
 */
function fakeSanity({ wrongIds = false } = {}) {
  const uploads: Upload[] = [];
  const written: { _id: string; _type: string }[] = [];
  const body = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const bytes = await body(request);
    let answer: unknown = { error: 'not found' };
    if (url.pathname === '/v2025-02-19/assets/images/staging') {
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      const { width, height } = await sharp(bytes).metadata();
      const id = `image-${wrongIds ? 'f'.repeat(40) : sha1}-${width}x${height}-jpg`;
      uploads.push({ filename: url.searchParams.get('filename'), sha1, id });
      answer = { document: { _id: id, _type: 'sanity.imageAsset' } };
    } else if (url.pathname === '/v2025-02-19/data/mutate/staging') {
      const { mutations } = JSON.parse(bytes.toString('utf8')) as {
        mutations: { createOrReplace: { _id: string; _type: string } }[];
      };
      written.push(...mutations.map(({ createOrReplace }) => createOrReplace));
      answer = { transactionId: 'tx', results: [] };
    }
    response.writeHead(answer && 'error' in (answer as object) ? 404 : 200, {
      'content-type': 'application/json',
    });
    response.end(JSON.stringify(answer));
  });
  return { server, uploads, written };
}

function runImportAgainst(apiHost: string) {
  const env = {
    ...process.env,
    SANITY_PROJECT_ID: 'abc123',
    SANITY_DATASET: 'staging',
    SANITY_TOKEN: 'token',
    SANITY_API_VERSION: '',
  };
  const child = spawn(process.execPath, ['scripts/content-import.mjs', `--api-host=${apiHost}`], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

describe('npm run content:import with pictures', () => {
  const sanity = fakeSanity();
  const wrong = fakeSanity({ wrongIds: true });
  const hostOf = ({ server }: { server: ReturnType<typeof createServer> }) =>
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  beforeAll(async () => {
    await Promise.all(
      [sanity, wrong].map(({ server }) => new Promise<void>((done) => server.listen(0, '127.0.0.1', done))),
    );
  });
  afterAll(() => Promise.all([sanity, wrong].map(({ server }) => new Promise((done) => server.close(done)))));

  it('with --dry-run, lists the pictures it would upload', () => {
    const result = runImport(
      { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging', SANITY_TOKEN: 'unused' },
      ['--dry-run'],
    );
    expect(result.stdout).toContain('Would upload 13 images into abc123/staging');
    expect(result.stdout).toMatch(/ {2}usa-road-at-dusk\.jpg \(\d+ KB\) as image-[0-9a-f]{40}-1800x1200-jpg/);
  });

  it('uploads every picture under the id the dataset gives it, then writes the other documents', async () => {
    const result = await runImportAgainst(hostOf(sanity));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Uploaded 13 images and imported \d+ documents into abc123\/staging\.$/m);
    expect(sanity.uploads).toHaveLength(13);
    expect(sanity.uploads).toContainEqual(expect.objectContaining({ filename: 'usa-road-at-dusk.jpg' }));
    expect(sanity.written.map(({ _type }) => _type)).not.toContain('sanity.imageAsset');
    const usa = sanity.written.find(({ _id }) => _id === 'trip-usa') as unknown as {
      heroImage: { asset: { _ref: string } };
    };
    expect(sanity.uploads.map(({ id }) => id)).toContain(usa.heroImage.asset._ref);
  });

  it('stops before writing any document when an upload comes back under another id', async () => {
    const result = await runImportAgainst(hostOf(wrong));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^landing-lantern-ruin\.jpg was stored as image-f{40}-1800x1200-jpg, not image-/,
    );
    expect(result.stderr).toContain('no document was written');
    expect(wrong.written).toEqual([]);
  });
});
