import { Cursor, type FieldRef } from './cursor.ts';

export const SIMPLE_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'isdistinct',
] as const;
export type SimpleOperator = (typeof SIMPLE_OPERATORS)[number];

/** Operators that accept the `(any)` / `(all)` modifiers with a `{a,b}` list. */
const QUANTIFIABLE = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
export const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export type FtsOperator = (typeof FTS_OPERATORS)[number];
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export type Operation =
  | { kind: 'simple'; operator: SimpleOperator; value: string }
  | { kind: 'quantified'; operator: SimpleOperator; quantifier: 'any' | 'all'; values: string[] }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'fts'; operator: FtsOperator; config: string | undefined; value: string };

export interface Filter {
  field: FieldRef;
  negated: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'logic'; negated: boolean; operator: 'and' | 'or'; children: LogicTree[] };

const isSimple = (name: string): name is SimpleOperator =>
  (SIMPLE_OPERATORS as readonly string[]).includes(name);
const isFts = (name: string): name is FtsOperator => (FTS_OPERATORS as readonly string[]).includes(name);

/** Parses the value of `col=<value>`, e.g. `not.in.(1,2)`, `ilike(any).{a*,b*}`, `fts(english).cat`. */
export function parseOperation(
  input: string,
  inLogicTree = false,
): { negated: boolean; operation: Operation } {
  const cursor = new Cursor(input, 'filter');
  return readOperation(cursor, inLogicTree);
}

function readOperation(cursor: Cursor, inLogicTree: boolean): { negated: boolean; operation: Operation } {
  const negated = cursor.accept('not.');
  const nameStart = cursor.pos;
  while (!cursor.done && cursor.peek() !== '.' && cursor.peek() !== '(') cursor.pos += 1;
  const name = cursor.input.slice(nameStart, cursor.pos);

  if (name === 'in') {
    cursor.expect('.', 'delimiter (.)');
    const values = readList(cursor, '(', ')');
    if (!cursor.done) cursor.fail('end of input');
    return { negated, operation: { kind: 'in', values } };
  }
  if (name === 'is') {
    cursor.expect('.', 'delimiter (.)');
    const value = cursor.input.slice(cursor.pos).toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(value)) {
      cursor.fail('null or trilean value (unknown, true, false)');
    }
    return { negated, operation: { kind: 'is', value: value as IsValue } };
  }
  if (isFts(name)) {
    let config: string | undefined;
    if (cursor.accept('(')) {
      config = cursor.identifier();
      if (config === '') cursor.fail('letter or digit');
      cursor.expect(')');
    }
    cursor.expect('.', 'delimiter (.)');
    return {
      negated,
      operation: { kind: 'fts', operator: name, config, value: readValue(cursor, inLogicTree) },
    };
  }
  if (!isSimple(name)) {
    cursor.pos = nameStart;
    cursor.failWith(`unknown single value operator ${name}`);
  }
  let quantifier: 'any' | 'all' | undefined;
  if (cursor.accept('(')) {
    const modifier = cursor.identifier();
    if (!QUANTIFIABLE.has(name) || (modifier !== 'any' && modifier !== 'all')) {
      cursor.failWith(`unknown single value operator ${name}(${modifier})`);
    }
    quantifier = modifier;
    cursor.expect(')');
  }
  cursor.expect('.', 'delimiter (.)');
  if (quantifier) {
    const values = readList(cursor, '{', '}');
    if (!cursor.done) cursor.fail('end of input');
    return { negated, operation: { kind: 'quantified', operator: name, quantifier, values } };
  }
  return { negated, operation: { kind: 'simple', operator: name, value: readValue(cursor, inLogicTree) } };
}

/** The rest of the input; inside or=(…) a fully double-quoted value loses its quotes. */
function readValue(cursor: Cursor, inLogicTree: boolean): string {
  const rest = cursor.input.slice(cursor.pos);
  cursor.pos = cursor.input.length;
  if (inLogicTree && rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"')) {
    return rest.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return rest;
}

/** `(a,"b,c",d)`: elements separated by commas; double quotes protect `,()` and keep spaces. */
function readList(cursor: Cursor, open: string, close: string): string[] {
  cursor.expect(open);
  const values: string[] = [];
  if (cursor.accept(close)) return values;
  for (;;) {
    if (cursor.peek() === '"') {
      values.push(cursor.quoted());
    } else {
      const start = cursor.pos;
      while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== close) cursor.pos += 1;
      values.push(cursor.input.slice(start, cursor.pos).trim());
    }
    if (cursor.accept(close)) return values;
    cursor.expect(',', `"," or "${close}"`);
  }
}

/** Parses `or=(…)` / `and=(…)` (and `not.or=`), given the operator from the key and the parenthesised value. */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, value: string): LogicTree {
  const cursor = new Cursor(value, 'logic tree');
  const children = readLogicChildren(cursor, 1);
  if (!cursor.done) cursor.fail('end of input');
  return { kind: 'logic', negated, operator, children };
}

function readLogicChildren(cursor: Cursor, depth: number): LogicTree[] {
  cursor.expect('(');
  const children = [readLogicNode(cursor, depth)];
  while (cursor.accept(',')) children.push(readLogicNode(cursor, depth));
  cursor.expect(')', '"," or ")"');
  return children;
}

function readLogicNode(cursor: Cursor, depth: number): LogicTree {
  const start = cursor.pos;
  const negated = cursor.accept('not.');
  for (const operator of ['and', 'or'] as const) {
    if (cursor.startsWith(`${operator}(`)) {
      cursor.pos += operator.length;
      const children = readLogicChildren(cursor, cursor.deeper(depth));
      return { kind: 'logic', negated, operator, children };
    }
  }
  cursor.pos = start;
  const field = cursor.field();
  cursor.expect('.', 'delimiter (.)');
  const raw = scanLogicOperand(cursor);
  const { negated: negatedFilter, operation } = parseOperation(raw, true);
  return { kind: 'filter', filter: { field, negated: negatedFilter, operation } };
}

/** Reads up to the `,` or `)` that ends this operand, skipping over quotes, `(…)` lists and `{…}` arrays. */
function scanLogicOperand(cursor: Cursor): string {
  const start = cursor.pos;
  let depth = 0;
  let quoted = false;
  while (!cursor.done) {
    const char = cursor.peek();
    if (quoted) {
      if (char === '\\') cursor.pos += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
    } else if (char === '(' || char === '{') {
      depth += 1;
    } else if (char === '}' || (char === ')' && depth > 0)) {
      depth -= 1;
    } else if ((char === ',' || char === ')') && depth === 0) {
      break;
    }
    cursor.pos += 1;
  }
  return cursor.input.slice(start, cursor.pos);
}
