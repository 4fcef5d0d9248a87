/**
 * Splits a SQL script into its statements, the way the Supabase CLI records them in
 * supabase_migrations.schema_migrations.statements. Semicolons inside quotes, dollar-quoted bodies and
 * comments do not end a statement. Comments are kept with the statement that follows them.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim()) statements.push(text);
  };
  while (i < script.length) {
    const char = script[i];
    const rest = script.slice(i, i + 2);
    if (rest === '--') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
    } else if (rest === '/*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? script.length : end + 2;
    } else if (char === "'" || char === '"') {
      i = skipQuoted(script, i, char);
    } else if (char === '$') {
      const tag = /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end === -1 ? script.length : end + tag.length;
      } else {
        i += 1;
      }
    } else if (char === ';') {
      push(i);
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  push(script.length);
  return statements;
}

/** Index just past a quoted literal or identifier; a doubled quote is an escaped quote. */
function skipQuoted(script: string, openAt: number, quote: string): number {
  let i = openAt + 1;
  while (i < script.length) {
    if (script[i] === quote) {
      if (script[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return i;
}
