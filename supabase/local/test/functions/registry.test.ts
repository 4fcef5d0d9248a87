import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPABASE_DIR, loadConfig, readConfigToml } from '../../src/config.ts';
import { DenoWorkers } from '../../src/functions/deno-workers.ts';

// The stack serves exactly the functions the CLI would deploy (a folder with an index.ts), and config.toml
// says how to reach each.
describe('the Edge Functions the stack serves', () => {
  const functionsDir = path.join(SUPABASE_DIR, 'functions');
  const workers = new DenoWorkers(functionsDir, () => ({
    SUPABASE_URL: 'http://127.0.0.1:1',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
  }));
  const folders = readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name);

  it('serves every function folder, each with an entry point and a config.toml entry', () => {
    expect(folders.length).toBeGreaterThan(0);
    const listed = loadConfig({}, readConfigToml()).functions;
    for (const name of folders) {
      expect(workers.has(name), name).toBe(true);
      expect(Object.keys(listed), name).toContain(name);
    }
  });

  it('serves nothing that is not a function folder', () => {
    for (const name of ['_shared', 'deno.json', '..', 'missing', 'a/b'])
      expect(workers.has(name), name).toBe(false);
  });

  it('reads [functions.<name>] from config.toml; verify_jwt defaults to true, as hosted', () => {
    const config = loadConfig({}, { functions: { a: {}, b: { verify_jwt: false, enabled: false } } });
    expect(config.functions).toEqual({
      a: { enabled: true, verifyJwt: true },
      b: { enabled: false, verifyJwt: false },
    });
    expect(loadConfig({}, readConfigToml()).functions['unsubscribe-one-click']).toEqual({
      enabled: true,
      verifyJwt: false,
    });
  });
});
