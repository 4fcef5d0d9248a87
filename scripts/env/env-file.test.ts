import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_FILE, PROJECT_ROOT, loadEnvFile } from './env-file.mjs';

// The one way the project's scripts read `.env`: Node's parser, the project root's file, and the real
// environment winning over the file.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'env-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function envFile(text: string): Promise<string> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.env`);
  await writeFile(file, text);
  return file;
}

describe('loadEnvFile', () => {
  it('reads .env in the project root, the folder of package.json', async () => {
    expect(ENV_FILE).toBe(join(PROJECT_ROOT, '.env'));
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe('haunted-trips');
  });

  it('fills what the environment lacks, in the syntax .env.example uses', async () => {
    const file = await envFile(
      [
        '# a comment',
        'PORT=4400',
        'SITE_URL=http://localhost:4400 # trailing comment',
        'SITE_TODAY=',
        'MAIL_FROM="Trips <no-reply@example.com>"',
        'export SANITY_DATASET=staging',
        '',
      ].join('\n'),
    );
    const env: NodeJS.ProcessEnv = {};
    const result = loadEnvFile({ file, env });
    expect(env).toEqual({
      PORT: '4400',
      SITE_URL: 'http://localhost:4400',
      SITE_TODAY: '',
      MAIL_FROM: 'Trips <no-reply@example.com>',
      SANITY_DATASET: 'staging',
    });
    expect(result.loaded.sort()).toEqual(['MAIL_FROM', 'PORT', 'SANITY_DATASET', 'SITE_TODAY', 'SITE_URL']);
    expect(result.kept).toEqual([]);
  });

  it('lets the real environment win, even a variable set to empty', async () => {
    const file = await envFile('PORT=4400\nSITE_URL=http://file.example\nSMTP_URL=smtp://file.example\n');
    const env: NodeJS.ProcessEnv = { PORT: '5000', SMTP_URL: '' };
    const result = loadEnvFile({ file, env });
    expect(env).toEqual({ PORT: '5000', SITE_URL: 'http://file.example', SMTP_URL: '' });
    expect(result.loaded).toEqual(['SITE_URL']);
    expect(result.kept.sort()).toEqual(['PORT', 'SMTP_URL']);
  });

  it('changes nothing when there is no .env (every variable is optional)', () => {
    const env: NodeJS.ProcessEnv = { PORT: '5000' };
    expect(loadEnvFile({ file: join(dir, 'missing', '.env'), env })).toMatchObject({ loaded: [], kept: [] });
    expect(env).toEqual({ PORT: '5000' });
  });

  it('fills process.env by default', async () => {
    const name = `ENV_FILE_TEST_${process.pid}`;
    const file = await envFile(`${name}=from-file\n`);
    try {
      loadEnvFile({ file });
      expect(process.env[name]).toBe('from-file');
    } finally {
      delete process.env[name];
    }
  });
});
