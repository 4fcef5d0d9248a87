import { Cursor, type FieldRef } from './cursor.ts';

export interface OrderTerm {
  /** set for `rel(col)`: order by a column of a to-one embedded resource */
  relation?: string | undefined;
  field: FieldRef;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

/** Parses `order=a.desc.nullslast,b,rel(c).asc`. */
export function parseOrder(input: string): OrderTerm[] {
  const cursor = new Cursor(input, 'order');
  const terms = [readTerm(cursor)];
  while (cursor.accept(',')) terms.push(readTerm(cursor));
  if (!cursor.done) cursor.fail('"," or end of input');
  return terms;
}

function readTerm(cursor: Cursor): OrderTerm {
  let relation: string | undefined;
  let field = cursor.field();
  if (field.jsonPath.length === 0 && cursor.accept('(')) {
    relation = field.name;
    field = cursor.field();
    cursor.expect(')');
  }
  let direction: OrderTerm['direction'];
  let nulls: OrderTerm['nulls'];
  if (cursor.accept('.asc')) direction = 'asc';
  else if (cursor.accept('.desc')) direction = 'desc';
  if (cursor.accept('.nullsfirst')) nulls = 'first';
  else if (cursor.accept('.nullslast')) nulls = 'last';
  if (!cursor.done && cursor.peek() !== ',') {
    cursor.fail(direction || nulls ? '"," or end of input' : '"asc", "desc", "nullsfirst" or "nullslast"');
  }
  return { relation, field, direction, nulls };
}
