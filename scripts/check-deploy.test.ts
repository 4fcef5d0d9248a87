import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDeploy, cronScheduleCalls, functionsCalled } from './check-deploy.mjs';

// scripts/check-deploy.mjs (decision 0083): the repository passes it, and each kind of mistake it exists
// for is named in a project made to have it.

const root = path.resolve(import.meta.dirname, '..');
let made: string | undefined;

/** A project folder with these files (path → text). */
function project(files: Record<string, string>): string {
  made = mkdtempSync(path.join(tmpdir(), 'check-deploy-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(made, file)), { recursive: true });
    writeFileSync(path.join(made, file), text);
  }
  return made;
}

afterEach(() => {
  if (made) rmSync(made, { recursive: true, force: true });
  made = undefined;
});

describe('check:deploy', () => {
  it('passes the repository as it is', () => {
    expect(checkDeploy(root)).toEqual([]);
  });

  it('keeps docs/deploy.md naming every Edge Function and every scheduled job the migrations declare', () => {
    const guide = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    const functions = readdirSync(path.join(root, 'supabase/functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name);
    const migrations = path.join(root, 'supabase/migrations');
    const jobs = readdirSync(migrations).flatMap((file) =>
      cronScheduleCalls(readFileSync(path.join(migrations, file), 'utf8')).map(
        (call) => /^\s*'([^']+)'/.exec(call)?.[1] ?? call,
      ),
    );
    expect(functions.length).toBeGreaterThan(0);
    expect(jobs.length).toBeGreaterThan(0);
    for (const name of [...functions, ...jobs]) expect(guide, name).toContain(`\`${name}\``);
  });

  it('finds the calls of cron.schedule and the functions they call, not those in comments or strings', () => {
    const sql = `-- cron.schedule('old', '* * * * *', $$select 1$$);
      select cron.schedule('a', '* * * * *', $$select private.invoke_edge_function('send-mail')$$);
      select cron.schedule('b', '0 * * * *', $cmd$ select net.http_post(url := (select x) || '/functions/v1/prune-images') $cmd$);
      select 'cron.schedule(' as text;`;
    const calls = cronScheduleCalls(sql);
    expect(calls).toHaveLength(2);
    expect(calls.map(functionsCalled)).toEqual([['send-mail'], ['prune-images']]);
  });

  it('names each mistake: TOML that does not parse', () => {
    expect(checkDeploy(project({ 'supabase/config.toml': 'project_id = "x"\n[functions.a\n' }))[0]).toMatch(
      /^supabase\/config.toml does not parse as TOML/,
    );
  });

  it('names each mistake: functions without an entry point or a section, sections without a folder, a job calling nothing', () => {
    const problems = checkDeploy(
      project({
        'supabase/config.toml': `project_id = "x"
[functions.send-mail]
verify_jwt = "yes"
[functions.gone]
enabled = true
[functions.typo]
verfy_jwt = true
`,
        'supabase/functions/send-mail/index.ts': '',
        'supabase/functions/no-entry/handler.ts': '',
        'supabase/functions/typo/index.ts': '',
        'supabase/functions/_shared/smtp.ts': '',
        'supabase/migrations/20260101000001_jobs.sql': `select cron.schedule('sweep', '* * * * *', $$select private.invoke_edge_function('send-mail')$$);
select cron.schedule('old', '0 1 * * *', $$select net.http_post('https://x.supabase.co/functions/v1/gone')$$);`,
        'supabase/migrations/20260101000001_again.sql': '',
        'supabase/migrations/add_things.sql': '',
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'supabase/functions/no-entry: no index.ts, so the CLI deploys nothing',
        'supabase/functions/no-entry: no [functions.no-entry] in config.toml',
        '[functions.send-mail] verify_jwt must be true or false',
        '[functions.gone] in config.toml has no folder supabase/functions/gone',
        '[functions.typo] has a key the CLI does not read: verfy_jwt',
        'supabase/migrations/20260101000001_jobs.sql: a scheduled job calls the Edge Function gone, which does not exist',
        'supabase/migrations/20260101000001_jobs.sql: version 20260101000001 is also 20260101000001_again.sql',
        'supabase/migrations/add_things.sql: not named <14-digit version>_<name>.sql, so db push skips it',
      ]),
    );
    expect(problems).toHaveLength(8);
  });

  it('names each mistake: a remote section without a project ref, or with local or missing URLs', () => {
    const problems = checkDeploy(
      project({
        'supabase/config.toml': `project_id = "x"
[remotes.production]
project_id = "env(PROJECT_REF)"
[remotes.production.auth]
site_url = "http://localhost:4321"
additional_redirect_urls = ["https://tours.example.com/**", "http://127.0.0.1:4321/**"]
[remotes.staging]
project_id = "abcdefghijklmnopqrst"
`,
      }),
    );
    expect(problems).toEqual([
      "[remotes.production] project_id must be the project's ref (20 lower-case letters)",
      '[remotes.production.auth] names a local address: http://localhost:4321',
      '[remotes.production.auth] names a local address: http://127.0.0.1:4321/**',
      '[remotes.staging.auth] site_url is missing: config push would send the local one',
    ]);
  });
});
