// A canonical, sorted text of everything a database's schema holds, so two databases built different ways
// (migrations, declarative schema files) can be compared object by object. Each entry is keyed by kind and
// name; ACL entries are sorted so the order of GRANT statements does not matter, and a missing ACL is read
// as its default so `grant` back to the default equals never revoking.
import pg from 'pg';

export interface CatalogueEntry {
  /** Kind and qualified name, e.g. `function private.is_admin()` or `policy public.comments.comments_select_all`. */
  key: string;
  text: string;
}

// System schemas; everything else is compared, including what the bootstrap makes (the same on both sides),
// so a migration that touches auth or storage is caught too.
const SYSTEM = `('pg_catalog', 'information_schema', 'pg_toast')`;
const USER_SCHEMA = (column: string) =>
  `${column} not in ${SYSTEM} and ${column} not like 'pg_temp%' and ${column} not like 'pg_toast_temp%'`;
// Rows we do not compare: the migration ledger, the scheduled jobs (data that hand-written migrations
// declare, which supabase/schemas cannot hold: decisions 0079, 0083; their rows also name the database),
// pg_net's requests and Vault's secrets; and when a row was made.
const ROW_TABLES_SKIPPED = `('supabase_migrations', 'cron', 'net', 'vault')`;
const VOLATILE_COLUMNS = ['created_at', 'updated_at'];

/** Sorted `grantee: PRIVS` lines; null ACLs are read as the object's default. */
const ACL = (acl: string) => `(
  select coalesce(string_agg(line, E'\\n' order by line), '')
  from (
    select format('  %s: %s', case when a.grantee = 0 then 'PUBLIC' else pg_get_userbyid(a.grantee) end,
                  string_agg(a.privilege_type || case when a.is_grantable then ' WITH GRANT' else '' end, ', '
                             order by a.privilege_type)) as line
    from aclexplode(${acl}) a
    group by a.grantee
  ) lines
)`;

const QUERIES: Record<string, string> = {
  extension: `
    select 'extension ' || e.extname as key, 'schema ' || n.nspname as text
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  schema: `
    select 'schema ' || n.nspname as key,
           concat_ws(E'\\n', 'owner ' || pg_get_userbyid(n.nspowner),
                     'acl' || E'\\n' || ${ACL(`coalesce(n.nspacl, acldefault('n', n.nspowner))`)},
                     'comment ' || obj_description(n.oid, 'pg_namespace')) as text
    from pg_namespace n where ${USER_SCHEMA('n.nspname')}`,
  relation: `
    select case c.relkind when 'v' then 'view ' when 'm' then 'materialized view ' when 'S' then 'sequence '
                          when 'p' then 'table ' when 'f' then 'foreign table ' else 'table ' end
           || n.nspname || '.' || c.relname as key,
           concat_ws(E'\\n',
             'kind ' || c.relkind::text,
             (select string_agg(format('  %s %s%s%s%s%s%s', quote_ident(a.attname), format_type(a.atttypid, a.atttypmod),
                        case when a.attnotnull then ' not null' end,
                        case when a.attidentity <> '' then ' identity ' || a.attidentity::text end,
                        case when a.attgenerated <> '' then ' generated as ' || pg_get_expr(d.adbin, d.adrelid)
                             when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) end,
                        case when a.attcollation <> t.typcollation then ' collate ' || a.attcollation::regcollation::text end,
                        case when a.attacl is not null then E'\\n    column acl\\n' || replace(${ACL('a.attacl')}, '  ', '      ') end
                          || coalesce(E'\\n    comment ' || col_description(c.oid, a.attnum), '')),
                        E'\\n' order by a.attnum)
              from pg_attribute a
              join pg_type t on t.oid = a.atttypid
              left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
             case when c.relkind in ('v', 'm') then 'definition' || E'\\n' || pg_get_viewdef(c.oid) end,
             case when c.relrowsecurity then 'row level security enabled' end,
             case when c.relforcerowsecurity then 'row level security forced' end,
             case when c.relreplident not in ('d', 'n') or (c.relreplident = 'n' and c.relkind in ('r', 'p'))
                  then 'replica identity ' || c.relreplident::text end,
             case when c.reloptions is not null then 'options ' || array_to_string(array(select unnest(c.reloptions) order by 1), ', ') end,
             case when c.relkind = 'S' then (
               select format('sequence %s start %s increment %s min %s max %s cache %s%s', format_type(s.seqtypid, null),
                             s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, case when s.seqcycle then ' cycle' end)
               from pg_sequence s where s.seqrelid = c.oid) end,
             (select 'owned by ' || dc.relname || '.' || da.attname || ' (' || dep.deptype::text || ')'
              from pg_depend dep join pg_class dc on dc.oid = dep.refobjid
              join pg_attribute da on da.attrelid = dep.refobjid and da.attnum = dep.refobjsubid
              where c.relkind = 'S' and dep.classid = 'pg_class'::regclass and dep.objid = c.oid
                and dep.refclassid = 'pg_class'::regclass and dep.deptype in ('a', 'i')),
             'owner ' || pg_get_userbyid(c.relowner),
             'acl' || E'\\n' || ${ACL(`coalesce(c.relacl, acldefault((case when c.relkind = 'S' then 's' else 'r' end)::"char", c.relowner))`)},
             'comment ' || obj_description(c.oid, 'pg_class')) as text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  constraint: `
    select 'constraint ' || n.nspname || '.' || coalesce(cl.relname, ty.typname) || '.' || co.conname as key,
           concat_ws(E'\\n', pg_get_constraintdef(co.oid),
                     'comment ' || obj_description(co.oid, 'pg_constraint')) as text
    from pg_constraint co join pg_namespace n on n.oid = co.connamespace
    left join pg_class cl on cl.oid = co.conrelid
    left join pg_type ty on ty.oid = co.contypid
    where ${USER_SCHEMA('n.nspname')}`,
  index: `
    select 'index ' || n.nspname || '.' || c.relname as key,
           concat_ws(E'\\n', pg_get_indexdef(c.oid), 'comment ' || obj_description(c.oid, 'pg_class')) as text
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA('n.nspname')}`,
  policy: `
    select 'policy ' || n.nspname || '.' || c.relname || '.' || p.polname as key,
           concat_ws(E'\\n',
             format('%s for %s to %s', case when p.polpermissive then 'permissive' else 'restrictive' end,
                    case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update'
                                  when 'd' then 'delete' else 'all' end,
                    (select string_agg(case when r = 0 then 'public' else pg_get_userbyid(r) end, ', ' order by 1)
                     from unnest(p.polroles) r)),
             'using (' || pg_get_expr(p.polqual, p.polrelid) || ')',
             'with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')',
             'comment ' || obj_description(p.oid, 'pg_policy')) as text
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace`,
  trigger: `
    select 'trigger ' || n.nspname || '.' || c.relname || '.' || t.tgname as key,
           concat_ws(E'\\n', pg_get_triggerdef(t.oid), 'enabled ' || t.tgenabled::text,
                     'comment ' || obj_description(t.oid, 'pg_trigger')) as text
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal`,
  eventTrigger: `
    select 'event trigger ' || evtname as key,
           concat_ws(E'\\n', evtevent, evtfoid::regproc::text, 'enabled ' || evtenabled::text, array_to_string(evttags, ', ')) as text
    from pg_event_trigger`,
  function: `
    select 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
           concat_ws(E'\\n', pg_get_functiondef(p.oid),
                     'owner ' || pg_get_userbyid(p.proowner),
                     'acl' || E'\\n' || ${ACL(`coalesce(p.proacl, acldefault('f', p.proowner))`)},
                     'comment ' || obj_description(p.oid, 'pg_proc')) as text
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${USER_SCHEMA('n.nspname')} and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
  type: `
    select 'type ' || n.nspname || '.' || t.typname as key,
           concat_ws(E'\\n',
             case t.typtype
               when 'e' then 'enum (' || (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder)
                                          from pg_enum e where e.enumtypid = t.oid) || ')'
               when 'd' then 'domain over ' || format_type(t.typbasetype, t.typtypmod)
                             || case when t.typnotnull then ' not null' else '' end
                             || coalesce(' default ' || t.typdefault, '')
               when 'c' then 'composite (' || (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                                               from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) || ')'
               else 'type ' || t.typtype::text end,
             'owner ' || pg_get_userbyid(t.typowner),
             'acl' || E'\\n' || ${ACL(`coalesce(t.typacl, acldefault('T', t.typowner))`)},
             'comment ' || obj_description(t.oid, 'pg_type')) as text
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    left join pg_class c on c.oid = t.typrelid
    where ${USER_SCHEMA('n.nspname')} and (t.typtype in ('e', 'd') or (t.typtype = 'c' and c.relkind = 'c'))
      and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')`,
  defaultAcl: `
    select 'default privileges ' || pg_get_userbyid(d.defaclrole) || ' in ' || coalesce(n.nspname, 'all schemas')
           || ' on ' || d.defaclobjtype::text as key,
           ${ACL('d.defaclacl')} as text
    from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
  publication: `
    select 'publication ' || p.pubname as key,
           concat_ws(E'\\n', format('all tables %s, insert %s, update %s, delete %s, truncate %s', p.puballtables,
                                    p.pubinsert, p.pubupdate, p.pubdelete, p.pubtruncate),
             (select string_agg(format('  table %I.%I (%s)%s', pt.schemaname, pt.tablename, array_to_string(pt.attnames, ', '),
                                       coalesce(' where ' || pt.rowfilter, '')), E'\\n' order by pt.schemaname, pt.tablename)
              from pg_publication_tables pt where pt.pubname = p.pubname)) as text
    from pg_publication p`,
};

/** Every table that may hold rows a migration wrote: compared row by row, minus when each was made. */
const ROW_TABLES = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where ${USER_SCHEMA('n.nspname')} and n.nspname not in ${ROW_TABLES_SKIPPED} and c.relkind in ('r', 'p')
  order by 1, 2`;

async function tableRows(
  client: pg.Client,
  schema: string,
  name: string,
): Promise<CatalogueEntry | undefined> {
  const table = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
  const { rows } = await client.query<{ row: string }>(
    `select (to_jsonb(t) - $1::text[])::text as row from ${table} t order by 1`,
    [VOLATILE_COLUMNS],
  );
  if (rows.length === 0) return undefined;
  return { key: `rows ${schema}.${name}`, text: rows.map((r) => r.row).join('\n') };
}

/** Reads the whole catalogue of the database at `url`, sorted by key. */
export async function readCatalogue(url: string): Promise<CatalogueEntry[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const entries: CatalogueEntry[] = [];
    for (const sql of Object.values(QUERIES)) {
      const { rows } = await client.query<CatalogueEntry>(sql);
      entries.push(...rows);
    }
    const tables = await client.query<{ schema: string; name: string }>(ROW_TABLES);
    for (const { schema, name } of tables.rows) {
      const entry = await tableRows(client, schema, name);
      if (entry) entries.push(entry);
    }
    return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  } finally {
    await client.end();
  }
}

/** The catalogue as one text, an entry per block. */
export function formatCatalogue(entries: CatalogueEntry[]): string {
  return entries.map((entry) => `${entry.key}\n${entry.text}\n`).join('\n');
}
