#!/usr/bin/env node
// `npm run check:deploy`: what docs/deploy.md relies on, checked without a network or an account (decision
// 0083). supabase/config.toml parses as TOML, as the CLI reads it; every Edge Function folder has its entry
// point (index.ts) and its [functions.<name>] section, and every section its folder; every job a migration
// schedules (cron.schedule) that calls an Edge Function (/functions/v1/<name>, or
// private.invoke_edge_function('<name>')) names one that exists; migration files are named as `supabase db
// push` wants them; and a [remotes.<name>] section, if any, names a project ref and gives the production
// site URL, never the local ones. Exit 1 and one line per problem when something is wrong.
import './env/load.mjs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

/** The keys the CLI reads in a [functions.<name>] section. */
const FUNCTION_KEYS = new Set(['enabled', 'verify_jwt', 'import_map', 'entrypoint', 'static_files']);
/** A project ref, as the CLI validates remotes.<name>.project_id. */
const PROJECT_REF = /^[a-z]{20}$/;
/** A migration file `supabase db push` applies: <version>_<name>.sql. */
const MIGRATION_FILE = /^(\d{14})_[a-z0-9_]+\.sql$/;
const LOCAL_URL = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i;

/**
 * The SQL with its `--` comments and the inside of its strings ('…', $tag$…$tag$) blanked, same length, so
 * a search finds only code: a header that mentions cron.schedule, or a string holding it, is no call.
 */
function codeOnly(sql) {
  let out = '';
  let quote = null;
  for (let i = 0; i < sql.length; i += 1) {
    if (quote) {
      if (sql.startsWith(quote, i)) {
        out += quote;
        i += quote.length - 1;
        quote = null;
      } else out += sql[i] === '\n' ? '\n' : ' ';
      continue;
    }
    if (sql[i] === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') {
        out += ' ';
        i += 1;
      }
      if (i < sql.length) out += '\n';
      continue;
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 40));
    if (dollar) {
      quote = dollar[0];
      out += quote;
      i += quote.length - 1;
      continue;
    }
    if (sql[i] === "'") quote = "'";
    out += sql[i];
  }
  return out;
}

/** The argument text of each `cron.schedule(...)` call, quotes and nested parentheses respected. */
export function cronScheduleCalls(sql) {
  const code = codeOnly(sql);
  const calls = [];
  const start = /cron\.schedule\s*\(/gi;
  while (start.exec(code)) {
    // The blanked text keeps the quote marks, so its parentheses outside strings are the real ones.
    let depth = 1;
    let i = start.lastIndex;
    for (; i < code.length && depth > 0; i += 1) {
      if (code[i] === '(') depth += 1;
      else if (code[i] === ')') depth -= 1;
    }
    calls.push(sql.slice(start.lastIndex, i - 1));
  }
  return calls;
}

/** The Edge Functions a scheduled command calls. */
export function functionsCalled(command) {
  const names = new Set();
  for (const match of command.matchAll(/\/functions\/v1\/([A-Za-z0-9_-]+)/g)) names.add(match[1]);
  for (const match of command.matchAll(/invoke_edge_function\s*\(\s*'([^']+)'/g)) names.add(match[1]);
  return [...names];
}

/** Every problem found under `root` (the project folder), as sentences. */
export function checkDeploy(root) {
  const problems = [];
  const supabaseDir = path.join(root, 'supabase');
  const configFile = path.join(supabaseDir, 'config.toml');
  let config;
  try {
    config = parse(readFileSync(configFile, 'utf8'));
  } catch (error) {
    return [`supabase/config.toml does not parse as TOML: ${error instanceof Error ? error.message : error}`];
  }
  if (typeof config.project_id !== 'string' || config.project_id === '')
    problems.push('supabase/config.toml: project_id is missing');

  // Edge Functions: a folder with index.ts and a section, both ways.
  const functionsDir = path.join(supabaseDir, 'functions');
  const folders = existsSync(functionsDir)
    ? readdirSync(functionsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
        .map((entry) => entry.name)
    : [];
  const sections = typeof config.functions === 'object' && config.functions !== null ? config.functions : {};
  for (const name of folders) {
    if (!existsSync(path.join(functionsDir, name, 'index.ts')))
      problems.push(`supabase/functions/${name}: no index.ts, so the CLI deploys nothing`);
    if (!(name in sections))
      problems.push(`supabase/functions/${name}: no [functions.${name}] in config.toml`);
  }
  for (const [name, settings] of Object.entries(sections)) {
    if (!folders.includes(name))
      problems.push(`[functions.${name}] in config.toml has no folder supabase/functions/${name}`);
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
      problems.push(`[functions.${name}] must be a table of settings`);
      continue;
    }
    for (const [key, value] of Object.entries(settings)) {
      if (!FUNCTION_KEYS.has(key))
        problems.push(`[functions.${name}] has a key the CLI does not read: ${key}`);
      else if ((key === 'enabled' || key === 'verify_jwt') && typeof value !== 'boolean')
        problems.push(`[functions.${name}] ${key} must be true or false`);
    }
  }
  const deployable = new Set(folders.filter((name) => name in sections));

  // Migrations: named for db push; scheduled jobs call functions that exist.
  const migrationsDir = path.join(supabaseDir, 'migrations');
  const versions = new Map();
  for (const file of existsSync(migrationsDir) ? readdirSync(migrationsDir).sort() : []) {
    if (!file.endsWith('.sql')) continue;
    const version = MIGRATION_FILE.exec(file)?.[1];
    if (!version) {
      problems.push(
        `supabase/migrations/${file}: not named <14-digit version>_<name>.sql, so db push skips it`,
      );
      continue;
    }
    if (versions.has(version))
      problems.push(`supabase/migrations/${file}: version ${version} is also ${versions.get(version)}`);
    versions.set(version, file);
    for (const call of cronScheduleCalls(readFileSync(path.join(migrationsDir, file), 'utf8'))) {
      for (const name of functionsCalled(call)) {
        if (!deployable.has(name))
          problems.push(
            `supabase/migrations/${file}: a scheduled job calls the Edge Function ${name}, which does not exist`,
          );
      }
    }
  }

  // Remote sections: a real project ref, and production URLs only.
  const remotes = typeof config.remotes === 'object' && config.remotes !== null ? config.remotes : {};
  for (const [name, remote] of Object.entries(remotes)) {
    if (!PROJECT_REF.test(String(remote?.project_id ?? '')))
      problems.push(`[remotes.${name}] project_id must be the project's ref (20 lower-case letters)`);
    const siteUrl = remote?.auth?.site_url;
    const redirects = remote?.auth?.additional_redirect_urls ?? [];
    if (siteUrl === undefined)
      problems.push(`[remotes.${name}.auth] site_url is missing: config push would send the local one`);
    for (const url of [siteUrl, ...(Array.isArray(redirects) ? redirects : [redirects])]) {
      if (typeof url === 'string' && LOCAL_URL.test(url))
        problems.push(`[remotes.${name}.auth] names a local address: ${url}`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkDeploy(root);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✗ ${problem}`);
    process.exit(1);
  }
  console.log(
    'Deploy check passed: config.toml parses, every Edge Function has its entry point and section, and every scheduled job calls one that exists.',
  );
}
