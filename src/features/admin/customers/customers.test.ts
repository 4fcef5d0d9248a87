import { describe, expect, it } from 'vitest';
import { toCsv } from '../table/csv';
import type { CustomerRow } from './customers.data';
import { CUSTOMER_CSV_COLUMNS, customersQuery, customerTierLabel } from './customers';

describe('customersQuery', () => {
  it('asks for the newest first when the address says nothing', () => {
    expect(customersQuery({})).toEqual({
      search: '',
      sort: 'joined',
      dir: 'desc',
      kind: undefined,
      limit: 25,
      offset: 0,
    });
  });
  it('takes the search trimmed, a known sort either way, and the page', () => {
    expect(
      customersQuery({ q: ' ada ', sort: 'bookings', dir: 'desc', page: 3, filter: 'enquirers' }),
    ).toEqual({
      search: 'ada',
      sort: 'bookings',
      dir: 'desc',
      kind: 'enquirer',
      limit: 25,
      offset: 50,
    });
    expect(customersQuery({ sort: 'name' }).dir).toBe('asc');
    expect(customersQuery({ filter: 'members' }).kind).toBe('member');
    expect(customersQuery({ filter: 'nonsense' }).kind).toBeUndefined();
  });
  it('ignores a sort the list does not have', () => {
    expect(customersQuery({ sort: 'password', dir: 'asc' })).toMatchObject({ sort: 'joined', dir: 'desc' });
  });
});

describe('the customers CSV', () => {
  it('has one line per customer with the tier named as on screen', () => {
    const rows: CustomerRow[] = [
      {
        id: 'f1000000-0000-4000-8000-000000000001',
        kind: 'member',
        email: 'ada@example.com',
        full_name: 'Ada, Countess',
        tier: 'next_room',
        joined: '2026-01-02T03:04:05+00:00',
        bookings: 2,
        last_activity: null,
      },
      {
        id: 'erin@example.org',
        kind: 'enquirer',
        email: 'erin@example.org',
        full_name: '=HYPERLINK("x")',
        tier: 'enquirer',
        joined: '2026-02-01T00:00:00+00:00',
        bookings: 0,
        last_activity: '2026-02-01T00:00:00+00:00',
      },
    ];
    expect(customerTierLabel('enquirer')).toBe('Enquirer');
    expect(toCsv(CUSTOMER_CSV_COLUMNS, rows).split('\r\n')).toEqual([
      '\uFEFFName,E-mail,Tier,Joined,Bookings,Last activity,Customer id',
      '"Ada, Countess",ada@example.com,Next Room Member,2026-01-02T03:04:05+00:00,2,,f1000000-0000-4000-8000-000000000001',
      `"'=HYPERLINK(""x"")",erin@example.org,Enquirer,2026-02-01T00:00:00+00:00,0,2026-02-01T00:00:00+00:00,erin@example.org`,
      '',
    ]);
  });
});
