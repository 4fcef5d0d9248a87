import { describe, expect, it } from 'vitest';
import type { FormTraveller } from './admin-traveller-forms.data';
import { peoplePage, personName } from './form-people';
import { personRow } from './person-row.fixture';

const row = (over: Partial<FormTraveller>) => personRow({ full_name: 'Ada Holder', ...over });

describe('the people table', () => {
  const rows = [
    row({ traveller_id: 't2', traveller_name: 'Cy', submitted_at: '2027-03-02T00:00:00Z' }),
    row({ traveller_id: 't1', traveller_name: 'Bea' }),
    row({ unnamed: 2 }),
  ];
  it('names the traveller, or the places nobody is named for, or the member', () => {
    expect(rows.map((r) => personName(r, true))).toEqual(['Cy', 'Bea', '2 not named yet']);
    expect(personName(rows[0]!, false)).toBe('Ada Holder');
  });
  it('keeps the database order unsorted, and sorts by name or by when filled', () => {
    expect(peoplePage(rows, {}, true).map((r) => personName(r, true))).toEqual([
      'Cy',
      'Bea',
      '2 not named yet',
    ]);
    expect(peoplePage(rows, { sort: 'name', dir: 'asc' }, true).map((r) => personName(r, true))).toEqual([
      '2 not named yet',
      'Bea',
      'Cy',
    ]);
    expect(peoplePage(rows, { sort: 'filled', dir: 'desc' }, true)[0]?.traveller_name).toBe('Cy');
  });
  it('pages 25 at a time', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      row({ traveller_id: `t${i}`, traveller_name: `P${i}` }),
    );
    expect(peoplePage(many, { page: 2 }, true).map((r) => r.traveller_name)).toEqual([
      'P25',
      'P26',
      'P27',
      'P28',
      'P29',
    ]);
  });
});
