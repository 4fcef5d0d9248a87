// The customers screens' pure logic: labels, the list's query from the address, the CSV's columns.
import { TIER_LABELS } from '../../../lib/format/membership-tier';
import type { ListSearch } from '../search';
import type { CsvColumn } from '../table/csv';
import { PAGE_SIZE } from '../table/paging';
import {
  CUSTOMER_SORTS,
  type CustomerRow,
  type CustomerSort,
  type CustomersQuery,
  type CustomerTier,
} from './customers.data';

/** The tier as the product names it; an enquirer has no account and so no tier. */
export function customerTierLabel(tier: CustomerTier): string {
  return tier === 'enquirer' ? 'Enquirer' : TIER_LABELS[tier];
}

/** The list's `filter`: who it shows. */
export const CUSTOMER_FILTERS = [
  { value: '', label: 'Everyone' },
  { value: 'members', label: 'Members' },
  { value: 'enquirers', label: 'Enquirers' },
] as const;

/** What the address asks the list for; an unknown sort falls back to the newest first. */
export function customersQuery(search: ListSearch, pageSize = PAGE_SIZE): CustomersQuery {
  const sort = CUSTOMER_SORTS.find((key) => key === search.sort) as CustomerSort | undefined;
  return {
    search: search.q?.trim() ?? '',
    sort: sort ?? 'joined',
    dir: sort ? (search.dir ?? 'asc') : 'desc',
    kind: search.filter === 'members' ? 'member' : search.filter === 'enquirers' ? 'enquirer' : undefined,
    limit: pageSize,
    offset: (Math.max(1, search.page ?? 1) - 1) * pageSize,
  };
}

/**
 * The detail route's parameter: a member's profile id, or an enquirer's e-mail address (the router encodes
 * it: /admin/customers/ada%40example.com). admin_customer() tells the two apart.
 */
export const customerParam = (row: Pick<CustomerRow, 'id'>) => row.id;

/** Cents in the booking's currency: '$1,000.00' for AUD, 'NZD 1,000.00' otherwise. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(cents / 100);
}

/** The export: every column of the list, dates as ISO so spreadsheets sort them. */
export const CUSTOMER_CSV_COLUMNS: readonly CsvColumn<CustomerRow>[] = [
  { header: 'Name', value: (row) => row.full_name },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Tier', value: (row) => customerTierLabel(row.tier) },
  { header: 'Joined', value: (row) => row.joined },
  { header: 'Bookings', value: (row) => row.bookings },
  { header: 'Last activity', value: (row) => row.last_activity },
  { header: 'Customer id', value: (row) => row.id },
];
