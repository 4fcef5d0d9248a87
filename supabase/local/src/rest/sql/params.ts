/** Quotes an identifier (a name already checked against the catalog, or an alias we chose or the client gave). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(table: string): string {
  return `"public".${ident(table)}`;
}

/**
 * Collects the values of one statement. Every value goes as a string, so both drivers send the same bytes
 * and no value is ever part of the SQL text.
 */
export class Params {
  readonly values: (string | null)[] = [];

  /** `$n::text`: a text value */
  text(value: string | null): string {
    return this.typed(value, 'text');
  }

  /**
   * `$n::type`: the parameter itself has the column's type, so Postgres parses the value when the statement
   * is bound, as PostgREST's literals are. A text parameter cast in SQL would let a stable cast such as
   * text to timestamptz run only per row, so a malformed date on an empty result answered 200, not 400.
   */
  typed(value: string | null, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}
