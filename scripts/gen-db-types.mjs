#!/usr/bin/env node
// Regenerates src/lib/supabase/database.types.ts from the catalog of a freshly migrated in-memory PGlite,
// in the shape `supabase gen types typescript` produces (Tables / Views / Functions / Enums / CompositeTypes,
// Relationships).
// Usage: npm run db:types  (or: node scripts/gen-db-types.mjs [--check])
import './env/load.mjs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { openDatabase } from '../supabase/local/src/db/open.ts';
import { prepareDatabase } from '../supabase/local/src/db/migrate.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(ROOT, 'src/lib/supabase/database.types.ts');
const SCHEMA = 'public';

const SCALARS = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  json: 'Json',
  jsonb: 'Json',
};

/** Columns of every table and view in the schema, in column order. */
const COLUMNS_SQL = `
  select c.relname as relation, c.relkind as kind, a.attname as name, a.attnotnull as not_null,
         a.atthasdef as has_default, a.attidentity <> '' as is_identity, a.attgenerated <> '' as is_generated,
         t.typname as type, t.typtype as type_kind, et.typname as element_type, et.typtype as element_kind,
         pg_catalog.pg_column_is_updatable(c.oid, a.attnum, false) as updatable,
         has_table_privilege('authenticated', c.oid, 'INSERT, UPDATE') as api_writable
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_type t on t.oid = a.atttypid
  left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
  order by c.relname, a.attnum`;

const ENUMS_SQL = `
  select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
  from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
  where n.nspname = $1 group by t.typname order by t.typname`;

/** Foreign keys between relations of the schema; one-to-one when the columns are unique on their own. */
const RELATIONSHIPS_SQL = `
  select con.conname as name, src.relname as relation, dst.relname as referenced_relation,
         array(select a.attname from unnest(con.conkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
         array(select a.attname from unnest(con.confkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as referenced_columns,
         exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                 and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]) as one_to_one
  from pg_constraint con
  join pg_class src on src.oid = con.conrelid join pg_namespace sn on sn.oid = src.relnamespace
  join pg_class dst on dst.oid = con.confrelid join pg_namespace dn on dn.oid = dst.relnamespace
  where con.contype = 'f' and sn.nspname = $1 and dn.nspname = $1
  order by src.relname, con.conname`;

// Every argument with its mode and type: input ('i', 'b', 'v') and RETURNS TABLE columns ('t'), in order.
const FUNCTIONS_SQL = `
  select p.proname as name, p.proretset as returns_set, rt.typname as return_type, rt.typtype as return_kind,
         rc.relname as return_relation, rc.relkind as return_relkind,
         p.pronargs - p.pronargdefaults as required_args,
         (select coalesce(json_agg(json_build_object('name', coalesce(p.proargnames[x.ord], ''),
                                        'mode', coalesce(p.proargmodes[x.ord]::text, 'i'),
                                        'type', t.typname, 'type_kind', t.typtype,
                                        'element_type', et.typname, 'element_kind', et.typtype)
                                  order by x.ord), '[]'::json)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(oid, ord)
               join pg_type t on t.oid = x.oid
               left join pg_type et on et.oid = t.typelem and t.typcategory = 'A') as args
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rc on rc.oid = rt.typrelid and rt.typtype = 'c'
  where n.nspname = $1 and p.prokind = 'f' and rt.typname <> 'trigger'
  order by p.proname`;

// A composite's kind, told apart from a table's or view's row type ('table', 'view'), which has no
// CompositeTypes entry of its own.
const rowKind = (type) => `case when ${type}.typtype = 'c' then
  (select case when r.relkind in ('r', 'p') then 'table' when r.relkind in ('v', 'm') then 'view' else 'c' end
   from pg_class r where r.oid = ${type}.typrelid) else ${type}.typtype::text end`;

/** The attributes of every composite type of the schema (CREATE TYPE … AS), in order. */
const COMPOSITE_TYPES_SQL = `
  select t.typname as name, a.attname as attribute, at.typname as type, ${rowKind('at')} as type_kind,
         et.typname as element_type, ${rowKind('et')} as element_kind
  from pg_type t
  join pg_namespace n on n.oid = t.typnamespace
  join pg_class c on c.oid = t.typrelid and c.relkind = 'c'
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_type at on at.oid = a.atttypid
  left join pg_type et on et.oid = at.typelem and at.typcategory = 'A'
  where n.nspname = $1 and t.typtype = 'c'
  order by t.typname, a.attnum`;

function scalarType(type, kind) {
  if (kind === 'e') return `Database['${SCHEMA}']['Enums']['${type}']`;
  if (kind === 'c') return `Database['${SCHEMA}']['CompositeTypes']['${type}']`;
  if (kind === 'table') return `Database['${SCHEMA}']['Tables']['${type}']['Row']`;
  if (kind === 'view') return `Database['${SCHEMA}']['Views']['${type}']['Row']`;
  return SCALARS[type] ?? (kind === 'b' ? 'string' : 'unknown');
}

function columnType(column) {
  return column.element_type
    ? `${scalarType(column.element_type, column.element_kind)}[]`
    : scalarType(column.type, column.type_kind);
}

function key(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function objectType(fields) {
  return fields.length ? `{\n${fields.join('\n')}\n}` : '{ [_ in never]: never }';
}

function rowFields(columns) {
  return columns.map(
    (c) => `${key(c.name)}: ${columnType(c)}${c.not_null && c.kind !== 'v' ? '' : ' | null'}`,
  );
}

function writeFields(columns, allOptional) {
  return columns
    .filter((c) => c.updatable || c.is_generated)
    .map((c) => {
      if (c.is_generated) return `${key(c.name)}?: never`;
      const optional = allOptional || !c.not_null || c.has_default || c.is_identity;
      return `${key(c.name)}${optional ? '?' : ''}: ${columnType(c)}${c.not_null ? '' : ' | null'}`;
    });
}

function relationshipsType(relationships) {
  return `[${relationships
    .map(
      (r) => `{
        foreignKeyName: ${JSON.stringify(r.name)}
        columns: ${JSON.stringify(r.columns)}
        isOneToOne: ${r.one_to_one}
        referencedRelation: ${JSON.stringify(r.referenced_relation)}
        referencedColumns: ${JSON.stringify(r.referenced_columns)}
      }`,
    )
    .join(', ')}]`;
}

function functionType(fn, relationColumns) {
  const inputs = fn.args
    .filter((arg) => ['i', 'b', 'v'].includes(arg.mode))
    // Arguments with a default (always the last ones) may be left out of the call.
    .map((arg, i) => `${key(arg.name)}${i >= fn.required_args ? '?' : ''}: ${columnType(arg)}`);
  // RETURNS TABLE columns, typed as supabase gen types types them (without null).
  const columns = fn.args
    .filter((arg) => arg.mode === 't')
    .map((arg) => `${key(arg.name)}: ${columnType(arg)}`);
  let returns = fn.return_type === 'void' ? 'undefined' : scalarType(fn.return_type, fn.return_kind);
  if (columns.length) returns = objectType(columns);
  else if (fn.return_relation && fn.return_relkind !== 'c') {
    returns = objectType(rowFields(relationColumns.get(fn.return_relation) ?? []));
  }
  return `${key(fn.name)}: {\nArgs: ${objectType(inputs)}\nReturns: ${returns}${fn.returns_set ? '[]' : ''}\n}`;
}

/** CompositeTypes as supabase gen types writes them: every attribute may be null. */
function compositeTypes(attributes) {
  const types = new Map();
  for (const a of attributes) {
    types.set(a.name, [...(types.get(a.name) ?? []), `${key(a.attribute)}: ${columnType(a)} | null`]);
  }
  return [...types].map(([name, fields]) => `${key(name)}: ${objectType(fields)}`);
}

async function readCatalog() {
  const db = await openDatabase({});
  try {
    await prepareDatabase(db, {
      migrationsDir: path.join(ROOT, 'supabase/migrations'),
      seedFile: path.join(ROOT, 'supabase/no-seed-for-type-generation.sql'),
    });
    const [columns, enums, relationships, functions, composites] = await Promise.all(
      [COLUMNS_SQL, ENUMS_SQL, RELATIONSHIPS_SQL, FUNCTIONS_SQL, COMPOSITE_TYPES_SQL].map(
        async (sql) => (await db.query(sql, [SCHEMA])).rows,
      ),
    );
    return { columns, enums, relationships, functions, composites };
  } finally {
    await db.close();
  }
}

function render({ columns, enums, relationships, functions, composites }) {
  const relationColumns = new Map();
  for (const column of columns) {
    relationColumns.set(column.relation, [...(relationColumns.get(column.relation) ?? []), column]);
  }
  const tables = [];
  const views = [];
  for (const [relation, cols] of relationColumns) {
    const rels = relationshipsType(relationships.filter((r) => r.relation === relation));
    if (cols[0].kind === 'v' || cols[0].kind === 'm') {
      // A view is writable through the API only if it is updatable and the API roles were granted writes.
      const writable = cols.some((c) => c.updatable && c.api_writable);
      const write = writable
        ? `Insert: ${objectType(writeFields(cols, false))}\nUpdate: ${objectType(writeFields(cols, true))}\n`
        : '';
      views.push(
        `${key(relation)}: {\nRow: ${objectType(rowFields(cols))}\n${write}Relationships: ${rels}\n}`,
      );
    } else {
      tables.push(
        `${key(relation)}: {\nRow: ${objectType(rowFields(cols))}\nInsert: ${objectType(writeFields(cols, false))}\n` +
          `Update: ${objectType(writeFields(cols, true))}\nRelationships: ${rels}\n}`,
      );
    }
  }
  const enumTypes = enums.map((e) => `${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`);
  const enumConstants = enums.map((e) => `${key(e.name)}: ${JSON.stringify(e.labels)}`);
  return `// Generated by scripts/gen-db-types.mjs from the migrations in supabase/migrations. Do not edit:
// run \`npm run db:types\` after changing a migration.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  ${SCHEMA}: {
    Tables: ${objectType(tables)}
    Views: ${objectType(views)}
    Functions: ${objectType(functions.map((fn) => functionType(fn, relationColumns)))}
    Enums: ${objectType(enumTypes)}
    CompositeTypes: ${objectType(compositeTypes(composites))}
  }
};

type PublicSchema = Database['${SCHEMA}'];

export type Tables<T extends keyof (PublicSchema['Tables'] & PublicSchema['Views'])> = (PublicSchema['Tables'] &
  PublicSchema['Views'])[T] extends { Row: infer R } ? R : never;
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];

export const Constants = {
  ${SCHEMA}: {
    Enums: {${enumConstants.join(',\n')}},
  },
} as const;
`;
}

const source = render(await readCatalog());
const formatted = await prettier.format(source, {
  ...(await prettier.resolveConfig(OUTPUT)),
  filepath: OUTPUT,
});
if (process.argv.includes('--check')) {
  const current = await readFile(OUTPUT, 'utf8').catch(() => '');
  if (current !== formatted) {
    console.error(`${path.relative(ROOT, OUTPUT)} is out of date: run npm run db:types`);
    process.exit(1);
  }
  console.log(`${path.relative(ROOT, OUTPUT)} is up to date`);
} else {
  await writeFile(OUTPUT, formatted);
  console.log(`wrote ${path.relative(ROOT, OUTPUT)}`);
}
