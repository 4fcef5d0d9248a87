import { describe, expect, it } from 'vitest';
import { buildListing, type ListedObject, type ListOptions } from '../../src/storage/listing.ts';

function object(name: string, createdAt: string): ListedObject {
  return {
    name,
    entry: {
      name,
      id: `id-${name}`,
      created_at: createdAt,
      updated_at: createdAt,
      last_accessed_at: createdAt,
      metadata: { size: 1 },
    },
  };
}

const objects = [
  object('u1/b.png', '2026-01-03T00:00:00.000Z'),
  object('u1/A.png', '2026-01-02T00:00:00.000Z'),
  object('u1/c/deep.png', '2026-01-01T00:00:00.000Z'),
  object('u1/c/other.png', '2026-01-05T00:00:00.000Z'),
  object('u2/x.png', '2026-01-04T00:00:00.000Z'),
  object('top.png', '2026-01-06T00:00:00.000Z'),
];

const defaults: ListOptions = {
  prefix: '',
  search: '',
  limit: 100,
  offset: 0,
  sortBy: { column: 'name', order: 'asc' },
};

const names = (options: Partial<ListOptions>) =>
  buildListing(objects, { ...defaults, ...options }).map((entry) => [entry.name, entry.id]);

describe('listing', () => {
  it('lists the root as folders and files, by lower-case name', () => {
    expect(names({})).toEqual([
      ['top.png', 'id-top.png'],
      ['u1', null],
      ['u2', null],
    ]);
  });

  it('lists a folder (trailing slash optional) with names relative to it, sub-folders once', () => {
    const expected = [
      ['A.png', 'id-u1/A.png'],
      ['b.png', 'id-u1/b.png'],
      ['c', null],
    ];
    expect(names({ prefix: 'u1' })).toEqual(expected);
    expect(names({ prefix: 'u1/' })).toEqual(expected);
  });

  it('gives folder entries null id, dates and metadata', () => {
    expect(buildListing(objects, defaults)[1]).toEqual({
      name: 'u1',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
  });

  it('sorts descending, pages with limit and offset, and filters by a case-insensitive search', () => {
    expect(names({ prefix: 'u1', sortBy: { column: 'name', order: 'desc' } }).map(([n]) => n)).toEqual([
      'c',
      'b.png',
      'A.png',
    ]);
    expect(names({ prefix: 'u1', limit: 1, offset: 1 }).map(([n]) => n)).toEqual(['b.png']);
    expect(names({ prefix: 'u1', search: 'a' }).map(([n]) => n)).toEqual(['A.png']);
  });

  it('sorted by a date: folders first, then files by that date', () => {
    expect(names({ prefix: 'u1', sortBy: { column: 'created_at', order: 'asc' } }).map(([n]) => n)).toEqual([
      'c',
      'A.png',
      'b.png',
    ]);
    expect(names({ prefix: 'u1', sortBy: { column: 'created_at', order: 'desc' } }).map(([n]) => n)).toEqual([
      'c',
      'b.png',
      'A.png',
    ]);
  });
});
