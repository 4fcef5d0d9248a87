/** Quotes an identifier (a name already checked against the catalog, or an alias we chose or the client gave). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(table: string): string {
  return `"public".${ident(table)}`;
}

/**
 * Collects the values of one statement. Every value goes as text (`$n::text`) and is cast in SQL, so both
 * drivers send the same bytes and no value is ever part of the SQL text.
 */
export class Params {
  readonly values: (string | null)[] = [];

  /** `($n::text)` — a text value */
  text(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }

  /** `(($n::text)::type)` — a value cast to a catalog type name */
  typed(value: string | null, type: string): string {
    return `(${this.text(value)})::${type}`;
  }
}
