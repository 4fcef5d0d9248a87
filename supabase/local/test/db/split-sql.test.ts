import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../../src/db/split-sql.ts';

describe('splitSqlStatements', () => {
  it('splits on semicolons outside quotes, dollar-quoted bodies and comments', () => {
    const script = `
      -- a comment; not a statement end
      create table t (a text default 'x;y', "b;c" int);
      /* block; comment */ create function f() returns int language sql as $body$ select 1; $body$;
      insert into t values ('it''s; fine');
      do $$ begin perform 1; end $$
    `;
    expect(splitSqlStatements(script)).toEqual([
      `-- a comment; not a statement end\n      create table t (a text default 'x;y', "b;c" int)`,
      `/* block; comment */ create function f() returns int language sql as $body$ select 1; $body$`,
      `insert into t values ('it''s; fine')`,
      `do $$ begin perform 1; end $$`,
    ]);
  });

  it('drops empty statements and trailing comments', () => {
    expect(splitSqlStatements(';; select 1; -- done\n')).toEqual(['select 1']);
  });
});
