import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPABASE_DIR, loadConfig, readConfigToml } from '../../src/config.ts';
import { EDGE_FUNCTIONS } from '../../src/functions/registry.ts';

// The stack serves exactly the functions in supabase/functions, and config.toml says how to reach each.
describe('the Edge Functions the stack serves', () => {
  const folders = readdirSync(path.join(SUPABASE_DIR, 'functions'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();

  it('lists every function folder, and nothing else', () => {
    expect(Object.keys(EDGE_FUNCTIONS).sort()).toEqual(folders);
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
