import { Cursor, type FieldRef } from './cursor.ts';

export type SelectItem = StarItem | FieldItem | CountItem | EmbedItem;

export interface StarItem {
  kind: 'star';
}

export interface FieldItem {
  kind: 'field';
  field: FieldRef;
  alias?: string | undefined;
  cast?: string | undefined;
}

/** `count()`: the number of rows, grouped by the other selected columns. */
export interface CountItem {
  kind: 'count';
  alias?: string | undefined;
  cast?: string | undefined;
}

export interface EmbedItem {
  kind: 'embed';
  /** table name, or a foreign-key column / constraint name that leads to one */
  relation: string;
  alias?: string | undefined;
  /** `!fk_name` or `!column`, to choose among several relationships */
  hint?: string | undefined;
  inner: boolean;
  /** `...rel(cols)`: the columns are lifted into the parent row */
  spread: boolean;
  items: SelectItem[];
}

// A cast names a type with identifier characters only (as PostgREST), so it can never end the expression.
const CAST = /^[A-Za-z_][A-Za-z0-9_]*/;

/**
 * How far one `select=` may reach (decision 0057). PostgREST has none of these bounds, but this stack's
 * PGlite is one connection every client shares, so a read that joins its tables into each other many times
 * over must be refused up front rather than run to its timeout. The app's deepest select nests 3 embeds
 * (events → comments → replies → author), its widest level has 16 columns and embeds, its largest select 31 in all.
 */
export const MAX_EMBED_DEPTH = 8;
/** Columns, `*`, `count()` and embeds in one list (the top level, or inside one embed). */
export const MAX_SELECT_WIDTH = 40;
/** The same, counted over the whole select. */
export const MAX_SELECT_ITEMS = 100;

/** The parse's position and how many items it has read so far. */
interface SelectCursor extends Cursor {
  items: number;
}

/** Parses PostgREST's `select=` grammar; throws QueryParseError (→ 400 PGRST100) on bad syntax. */
export function parseSelect(input: string): SelectItem[] {
  const cursor = Object.assign(new Cursor(input, 'select parameter'), { items: 0 });
  const items = parseList(cursor, 0);
  if (!cursor.done) cursor.fail('"," or end of input');
  return items;
}

function parseList(cursor: SelectCursor, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  do {
    if (items.length === MAX_SELECT_WIDTH)
      cursor.failWith(`more than ${MAX_SELECT_WIDTH} columns and embeds at one level`);
    cursor.items += 1;
    if (cursor.items > MAX_SELECT_ITEMS)
      cursor.failWith(`more than ${MAX_SELECT_ITEMS} columns and embeds in all`);
    items.push(parseItem(cursor, depth));
  } while (cursor.accept(','));
  return items;
}

/** `depth`: how many embeds enclose this item. */
function parseItem(cursor: SelectCursor, depth: number): SelectItem {
  if (cursor.accept('...')) return parseEmbed(cursor, cursor.fieldName(), undefined, true, depth);
  if (cursor.accept('*')) {
    expectItemEnd(cursor);
    return { kind: 'star' };
  }
  let alias: string | undefined;
  let name = cursor.fieldName();
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos += 1;
    alias = name;
    name = cursor.fieldName();
  }
  if (name === 'count' && cursor.accept('()')) {
    const cast = parseCast(cursor);
    expectItemEnd(cursor);
    return { kind: 'count', alias, cast };
  }
  if (cursor.peek() === '!' || cursor.peek() === '(') return parseEmbed(cursor, name, alias, false, depth);
  const field: FieldRef = { name, jsonPath: cursor.jsonPath() };
  const cast = parseCast(cursor);
  expectItemEnd(cursor);
  return { kind: 'field', field, alias, cast };
}

function parseCast(cursor: Cursor): string | undefined {
  if (!cursor.accept('::')) return undefined;
  const match = CAST.exec(cursor.input.slice(cursor.pos));
  if (!match) cursor.fail('letter or digit');
  cursor.pos += match[0].length;
  return match[0].trim();
}

function parseEmbed(
  cursor: SelectCursor,
  relation: string,
  alias: string | undefined,
  spread: boolean,
  depth: number,
): EmbedItem {
  let hint: string | undefined;
  let inner = false;
  for (let i = 0; i < 2 && cursor.accept('!'); i += 1) {
    const param = cursor.fieldName();
    if (param === 'inner') inner = true;
    else if (param !== 'left') hint = param;
  }
  cursor.expect('(');
  if (depth >= MAX_EMBED_DEPTH) cursor.failWith(`embeds nested deeper than ${MAX_EMBED_DEPTH} levels`);
  const itemsDepth = cursor.deeper(depth);
  const items = cursor.peek() === ')' ? [] : parseList(cursor, itemsDepth);
  cursor.expect(')', '")" or ","');
  expectItemEnd(cursor);
  return { kind: 'embed', relation, alias, hint, inner, spread, items };
}

function expectItemEnd(cursor: Cursor): void {
  if (cursor.done || cursor.peek() === ',' || cursor.peek() === ')') return;
  cursor.fail('"->", "::", ")", "," or end of input');
}
