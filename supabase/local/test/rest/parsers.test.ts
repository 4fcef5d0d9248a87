import { describe, expect, it } from 'vitest';
import { QueryParseError } from '../../src/rest/errors.ts';
import { parseLogicTree, parseOperation } from '../../src/rest/filter-parser.ts';
import { parseOrder } from '../../src/rest/order-parser.ts';
import { parseRequestQuery } from '../../src/rest/query-params.ts';
import { parseSelect } from '../../src/rest/select-parser.ts';

function parseFailure(fn: () => unknown): { message: string; details: string | null } {
  try {
    fn();
  } catch (error) {
    if (error instanceof QueryParseError)
      return error.toHttp().body as { message: string; details: string | null };
    throw error;
  }
  throw new Error('expected a parse error');
}

describe('select parser', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,title:name,price::text,meta->size->>h,*')).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'name', jsonPath: [] }, alias: 'title', cast: undefined },
      { kind: 'field', field: { name: 'price', jsonPath: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'meta',
          jsonPath: [
            { arrow: '->', key: 'size', isIndex: false },
            { arrow: '->>', key: 'h', isIndex: false },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      { kind: 'star' },
    ]);
  });

  it('reads embeds with aliases, hints, inner joins, spreads and count()', () => {
    const [embed, spread, count] = parseSelect(
      'owner:rest_owners!owner_id!inner(name,count()),...rest_tags(label),count()',
    );
    expect(embed).toMatchObject({
      kind: 'embed',
      relation: 'rest_owners',
      alias: 'owner',
      hint: 'owner_id',
      inner: true,
    });
    expect(embed?.kind === 'embed' && embed.items[1]).toEqual({
      kind: 'count',
      alias: undefined,
      cast: undefined,
    });
    expect(spread).toMatchObject({ kind: 'embed', relation: 'rest_tags', spread: true, inner: false });
    expect(count).toEqual({ kind: 'count', alias: undefined, cast: undefined });
  });

  it('keeps quoted names whole, with commas and quotes inside', () => {
    expect(parseSelect('"a,b":"my col"')[0]).toMatchObject({ alias: 'a,b', field: { name: 'my col' } });
    expect(parseSelect('"with \\"quote\\""')[0]).toMatchObject({ field: { name: 'with "quote"' } });
  });

  it('reads array indexes in JSON paths', () => {
    expect(parseSelect('tags->0')[0]).toMatchObject({
      field: { jsonPath: [{ arrow: '->', key: '0', isIndex: true }] },
    });
  });

  it.each([
    ['id;drop table events', 3],
    ['id,name)', 8],
    ['owner(id', 9],
    ['id::', 5],
    ['', 1],
  ])('rejects %j with PostgREST’s message and column', (input, column) => {
    const error = parseFailure(() => parseSelect(input));
    expect(error.message).toBe(`"failed to parse select parameter (${input})" (line 1, column ${column})`);
    expect(error.details).toMatch(/^unexpected /);
  });
});

describe('filter parser', () => {
  it('reads simple operators, not and the rest of the value verbatim', () => {
    expect(parseOperation('eq.a.b.c')).toEqual({
      negated: false,
      operation: { kind: 'simple', operator: 'eq', value: 'a.b.c' },
    });
    expect(parseOperation('not.ilike.*ghost*')).toEqual({
      negated: true,
      operation: { kind: 'simple', operator: 'ilike', value: '*ghost*' },
    });
  });

  it('reads in-lists with quoted values', () => {
    expect(parseOperation('in.(1,"a,b","c\\"d",)').operation).toEqual({
      kind: 'in',
      values: ['1', 'a,b', 'c"d', ''],
    });
    expect(parseOperation('in.()').operation).toEqual({ kind: 'in', values: [] });
  });

  it('reads is, fts with a configuration and any/all modifiers', () => {
    expect(parseOperation('is.NULL').operation).toEqual({ kind: 'is', value: 'null' });
    expect(parseOperation('is.not_null').operation).toEqual({ kind: 'is', value: 'not_null' });
    expect(parseOperation('wfts(english).ghost tour').operation).toEqual({
      kind: 'fts',
      operator: 'wfts',
      config: 'english',
      value: 'ghost tour',
    });
    expect(parseOperation('like(any).{a*,"b,c"}').operation).toEqual({
      kind: 'quantified',
      operator: 'like',
      quantifier: 'any',
      values: ['a*', 'b,c'],
    });
  });

  it('rejects unknown operators and bad is values', () => {
    expect(parseFailure(() => parseOperation('noop.1'))).toMatchObject({
      message: '"failed to parse filter (noop.1)" (line 1, column 1)',
      details: 'unknown single value operator noop',
    });
    expect(parseFailure(() => parseOperation('is.maybe')).details).toContain('null or trilean value');
    expect(parseFailure(() => parseOperation('eq1')).message).toContain('failed to parse filter (eq1)');
    expect(parseFailure(() => parseOperation('cs(any).{1}')).details).toBe(
      'unknown single value operator cs(any)',
    );
  });

  it('parses nested logic trees with quoted values and lists', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(name.eq."a,b",and(qty.gt.1,id.not.in.(1,2)),not.or(active.is.true))',
    );
    expect(tree).toEqual({
      kind: 'logic',
      negated: false,
      operator: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'name', jsonPath: [] },
            negated: false,
            operation: { kind: 'simple', operator: 'eq', value: 'a,b' },
          },
        },
        {
          kind: 'logic',
          negated: false,
          operator: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'qty', jsonPath: [] },
                negated: false,
                operation: { kind: 'simple', operator: 'gt', value: '1' },
              },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'id', jsonPath: [] },
                negated: true,
                operation: { kind: 'in', values: ['1', '2'] },
              },
            },
          ],
        },
        {
          kind: 'logic',
          negated: true,
          operator: 'or',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'active', jsonPath: [] },
                negated: false,
                operation: { kind: 'is', value: 'true' },
              },
            },
          ],
        },
      ],
    });
  });

  it('rejects malformed logic trees', () => {
    expect(parseFailure(() => parseLogicTree('or', false, '(id.eq.1')).message).toContain(
      'failed to parse logic tree',
    );
    expect(parseFailure(() => parseLogicTree('or', false, 'id.eq.1')).message).toContain('column 1');
    expect(parseFailure(() => parseLogicTree('and', false, '()')).message).toContain(
      'failed to parse logic tree (())',
    );
  });
});

describe('order parser', () => {
  it('reads directions, nulls placement, JSON paths and related columns', () => {
    expect(parseOrder('a.desc.nullslast,b,meta->>color.asc,owner(name).desc')).toEqual([
      { relation: undefined, field: { name: 'a', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { relation: undefined, field: { name: 'b', jsonPath: [] }, direction: undefined, nulls: undefined },
      {
        relation: undefined,
        field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'color', isIndex: false }] },
        direction: 'asc',
        nulls: undefined,
      },
      { relation: 'owner', field: { name: 'name', jsonPath: [] }, direction: 'desc', nulls: undefined },
    ]);
  });

  it.each(['id;--', 'id.ac', 'id.desc.nulsfirst', 'id.descc'])('rejects %j', (input) => {
    expect(parseFailure(() => parseOrder(input)).message).toMatch(/^"failed to parse order \(/);
  });
});

describe('query parameters', () => {
  it('sorts parameters into select, filters by embed path, logic, order, limits and RPC arguments', () => {
    const query = parseRequestQuery(
      new URLSearchParams(
        'select=id,owner(name)&id=gte.2&owner.name=like.A*&or=(id.eq.1,id.eq.2)&owner.not.and=(id.eq.1)' +
          '&order=id.desc&owner.order=name&limit=2&offset=1&owner.limit=1&columns="a","b"&on_conflict=id',
      ),
    );
    expect(query.filters.map((entry) => [entry.path, entry.filter.field.name])).toEqual([
      [[], 'id'],
      [['owner'], 'name'],
    ]);
    expect(
      query.logic.map((entry) => [entry.path, entry.tree.kind === 'logic' && entry.tree.negated]),
    ).toEqual([
      [[], false],
      [['owner'], true],
    ]);
    expect([...query.order.keys()]).toEqual(['', 'owner']);
    expect(Object.fromEntries(query.limit)).toEqual({ '': 2, owner: 1 });
    expect(Object.fromEntries(query.offset)).toEqual({ '': 1 });
    expect(query.plainParams).toEqual([]);
    expect(query.columns).toEqual(['a', 'b']);
    expect(query.onConflict).toEqual(['id']);
  });

  it('refuses a negative limit with PGRST103', () => {
    expect(() => parseRequestQuery(new URLSearchParams('limit=-1'))).toThrowError(
      expect.objectContaining({ status: 416, body: expect.objectContaining({ code: 'PGRST103' }) }),
    );
  });
});
