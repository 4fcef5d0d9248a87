import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor } from './helpers.ts';

const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, 'scripts/admin-create.mjs');

describe('npm run admin:create', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const adminCreate = (...args: string[]) =>
    run(process.execPath, [SCRIPT, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, SUPABASE_URL: stack.url, SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey },
    });

  it('creates a confirmed admin who can sign in, and promotes an existing account', async () => {
    const created = await adminCreate(
      '--email',
      'Boss@Example.org',
      '--password',
      'boss-password-1',
      '--name',
      'The Boss',
    );
    expect(created.stdout).toContain('Created boss@example.org');
    const { data, error } = await clientFor(stack).auth.signInWithPassword({
      email: 'boss@example.org',
      password: 'boss-password-1',
    });
    expect(error).toBeNull();
    const profile = await stack.db.query('select full_name, is_admin from public.profiles where id = $1', [
      data.user?.id,
    ]);
    expect(profile.rows).toEqual([{ full_name: 'The Boss', is_admin: true }]);

    const promoted = await adminCreate('--email', 'tom@example.com', '--password', 'ignored-password-1');
    expect(promoted.stdout).toContain('tom@example.com already exists');
    const tom = await stack.db.query(
      "select p.is_admin from public.profiles p join auth.users u on u.id = p.id where u.email = 'tom@example.com'",
    );
    expect(tom.rows).toEqual([{ is_admin: true }]);
  });

  it('never promotes a squatter: a pre-registered, unconfirmed address gets the given password', async () => {
    await clientFor(stack).auth.signUp({ email: 'chief@example.org', password: 'squatter-pass-1' });
    const promoted = await adminCreate('--email', 'chief@example.org', '--password', 'chief-password-1');
    expect(promoted.stdout).toContain('confirmed it with the given password');
    const squatter = await clientFor(stack).auth.signInWithPassword({
      email: 'chief@example.org',
      password: 'squatter-pass-1',
    });
    expect(squatter.error?.code).toBe('invalid_credentials');
    const chief = await clientFor(stack).auth.signInWithPassword({
      email: 'chief@example.org',
      password: 'chief-password-1',
    });
    expect(chief.error).toBeNull();
  });

  it('explains missing arguments', async () => {
    await expect(adminCreate('--email', 'a@example.org')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('missing --password'),
    });
  });
});
