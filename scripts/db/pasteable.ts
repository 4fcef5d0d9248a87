// The SQL of named objects as a database holds them, in the shape the files in supabase/schemas are written
// in (pg_dump's), so a difference can be fixed by pasting it into the schema file or into a migration.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface DumpBlock {
  name: string;
  type: string;
  schema: string;
  sql: string;
}

/** pg_dump's output cut at its `-- Name: …; Type: …; Schema: …` headers. */
export function parseDump(dump: string): DumpBlock[] {
  return dump
    .split(/\n--\n-- Name: /)
    .slice(1)
    .flatMap((part) => {
      const match = /^(.*?); Type: (.*?); Schema: (.*?); Owner: .*?\n--\n\n([\s\S]*)$/.exec(part);
      if (!match) return [];
      const [, name = '', type = '', schema = '', body = ''] = match;
      const sql = body
        .replace(/\n--\n-- PostgreSQL database dump complete[\s\S]*/, '')
        .replace(/^SET .*$/gm, '') // session settings pg_dump puts between objects
        .trim();
      return [{ name, type, schema, sql }];
    });
}

/** Which pg_dump blocks make up the object a catalogue key names. */
function belongsTo(key: string, block: DumpBlock): boolean {
  const match = /^(materialized view|foreign table|event trigger|\w+) (.+)$/.exec(key);
  if (!match) return false;
  const [, kind = '', qualified = ''] = match;
  const [schema = '', ...rest] = qualified.split('.');
  const name = rest.join('.');
  if (block.schema !== schema && !['schema', 'publication'].includes(kind)) return false;
  const [table = '', member = ''] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
  switch (kind) {
    case 'function': {
      const proname = name.slice(0, name.indexOf('('));
      return block.name.replace(/^FUNCTION /, '').startsWith(`${proname}(`);
    }
    case 'table':
    case 'view':
    case 'materialized view':
    case 'sequence':
      return (
        block.name === name ||
        block.name === `${name} _RETURN` ||
        (block.type === 'DEFAULT' && block.name.startsWith(`${name} `)) ||
        new RegExp(`^(TABLE|VIEW|SEQUENCE|MATERIALIZED VIEW) ${name}$|^COLUMN ${name}\\.`).test(block.name)
      );
    case 'constraint':
      return block.name === `${table} ${member}` || block.name === `CONSTRAINT ${member} ON ${table}`;
    case 'policy':
    case 'trigger':
      return (
        block.name === `${table} ${member}` || block.name === `${kind.toUpperCase()} ${member} ON ${table}`
      );
    case 'index':
      return block.type === 'INDEX' && block.name === name;
    case 'type':
      return block.name === name || block.name === `TYPE ${name}`;
    case 'schema':
      return block.name === qualified || block.name === `SCHEMA ${qualified}`;
    case 'publication':
      return block.type === 'PUBLICATION TABLE' && block.name.startsWith(`${qualified} `);
    default:
      return false;
  }
}

/** Paste-ready SQL for each key, as the database at `url` holds it; pg_dump must be on PATH. */
export async function pasteableSql(url: string, keys: string[]): Promise<string> {
  if (keys.length === 0) return '';
  const { stdout } = await run('pg_dump', ['--schema-only', '--no-owner', url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const blocks = parseDump(stdout);
  const sections: string[] = [];
  for (const key of keys) {
    if (key.startsWith('rows ')) {
      const table = key.slice('rows '.length);
      const data = await run('pg_dump', ['--data-only', '--column-inserts', '--table', table, url], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const inserts = data.stdout.split('\n').filter((line) => line.startsWith('INSERT INTO'));
      sections.push(`-- ${key}\n${inserts.join('\n') || '-- (no rows)'}`);
      continue;
    }
    const parts = blocks
      .filter((block) => belongsTo(key, block))
      // A view pg_dump splits in two (a placeholder, then the real one as its _RETURN rule): keep the real one.
      .filter((block, _, all) => !(block.type === 'VIEW' && all.some((other) => other.type === 'RULE')))
      .map((block) =>
        block.type === 'RULE' ? block.sql.replace('CREATE OR REPLACE VIEW', 'CREATE VIEW') : block.sql,
      );
    sections.push(`-- ${key}\n${parts.join('\n\n') || '-- (not in this database)'}`);
  }
  return sections.join('\n\n');
}
