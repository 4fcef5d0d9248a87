// /admin/customers' calls to Supabase. The list and the record are one RPC each (admin_customers,
// admin_customer: security definer, refused to anyone but an admin); the tier and the notes are plain
// writes that row-level security allows only to admins. Failures are DataErrors for TanStack Query.
import type { Database } from '../../../lib/supabase/database.types';
import { DataError, sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import type { MembershipTierCode } from '../../../lib/format/membership-tier';
import { PAGE_SIZE, pageOf, type WithNulls } from '../table/paging';

type CustomersRecord = Database['public']['Functions']['admin_customers']['Returns'][number];

export type CustomerKind = 'member' | 'enquirer';
export type CustomerTier = MembershipTierCode | 'enquirer';
/** The list's sort keys, as admin_customers() takes them. */
export const CUSTOMER_SORTS = ['name', 'email', 'tier', 'joined', 'bookings', 'last_activity'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** One row of the list: a member (id = profile id) or an enquirer (id = lower-cased e-mail). */
export type CustomerRow = Omit<
  WithNulls<CustomersRecord, 'full_name' | 'last_activity'>,
  'total_count' | 'kind' | 'tier'
> & {
  kind: CustomerKind;
  tier: CustomerTier;
};
export interface CustomersPage {
  total: number;
  rows: CustomerRow[];
}
export interface CustomersQuery {
  search?: string | undefined;
  sort?: CustomerSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  /** Only members or only enquirers; everyone when absent. */
  kind?: CustomerKind | undefined;
  limit?: number;
  offset?: number;
}

export interface CustomerRecord {
  profile: {
    id: string;
    kind: CustomerKind;
    email: string;
    full_name: string | null;
    phone: string | null;
    tier: CustomerTier;
    joined: string;
    last_sign_in: string | null;
    is_admin: boolean;
    marketing_consent: boolean;
  };
  travellers: {
    id: string;
    full_name: string;
    date_of_birth: string | null;
    phone: string | null;
    dietary_notes: string | null;
    medical_notes: string | null;
    emergency_contact_name: string | null;
    emergency_contact_phone: string | null;
  }[];
  bookings: {
    id: string;
    invoice_number: string;
    event_id: string;
    event_title: string;
    start_date: string;
    status: string;
    travellers: number;
    currency: string;
    total_cents: number;
    paid_cents: number;
    remaining_cents: number;
    created_at: string;
  }[];
  waitlist: {
    id: string;
    event_name: string;
    full_name: string;
    phone: string | null;
    notes: string | null;
    created_at: string;
  }[];
  interest: {
    id: string;
    event_name: string;
    full_name: string;
    phone: string | null;
    message: string | null;
    created_at: string;
  }[];
  contact_messages: {
    id: string;
    full_name: string;
    phone: string | null;
    message: string;
    handled_at: string | null;
    created_at: string;
  }[];
  comments: {
    id: string;
    kind: 'comment' | 'reply';
    event_id: string;
    event_title: string;
    content: string;
    is_deleted: boolean;
    created_at: string;
  }[];
  comment_total: number;
  notes: { id: string; body: string; author_name: string | null; created_at: string }[];
}

export const customersKey = (query: CustomersQuery) => ['admin', 'customers', 'list', query] as const;
export const customerKey = (id: string) => ['admin', 'customers', 'record', id] as const;

/** The kind and tier columns hold only the values the view writes (private.customers). */
function customerRow(row: Omit<CustomersRecord, 'total_count'>): CustomerRow {
  return { ...row, kind: row.kind as CustomerKind, tier: row.tier as CustomerTier };
}

/** One page of customers and how many match, in one request (0 for a page past the end). */
export async function fetchCustomers(
  query: CustomersQuery,
  client: LoadClient = sharedClient,
): Promise<CustomersPage> {
  const offset = query.offset ?? 0;
  const records = unwrap(
    await (
      await client()
    ).rpc('admin_customers', {
      search: query.search ?? '',
      filter: query.kind ?? '',
      sort: query.sort ?? 'joined',
      direction: query.dir ?? 'desc',
      page_size: query.limit ?? PAGE_SIZE,
      page_offset: offset,
    }),
  );
  const page = pageOf(records, offset);
  return { rows: page.rows.map(customerRow), total: page.total ?? 0 };
}

/** One customer's whole record, or null when nobody has that id or e-mail. */
export async function fetchCustomer(
  id: string,
  client: LoadClient = sharedClient,
): Promise<CustomerRecord | null> {
  const data = unwrap(await (await client()).rpc('admin_customer', { customer: id }));
  // admin_customer still answers jsonb (decision 0052 lists it as left to do); its shape is the migration's.
  return (data as unknown as CustomerRecord | null) ?? null;
}

/** Sets a member's membership tier (admins only: the profiles guard refuses anyone else). */
export async function setCustomerTier(
  memberId: string,
  tier: MembershipTierCode,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  const data = unwrap(
    await supabase.from('profiles').update({ membership_tier: tier }).eq('id', memberId).select('id'),
  );
  if (!data.length) throw new DataError('This member could not be changed.');
}

/** Adds a staff note to a member (by id) or an enquirer (by e-mail). */
export async function addCustomerNote(
  customer: { kind: CustomerKind; id: string },
  body: string,
  client: LoadClient = sharedClient,
): Promise<void> {
  const supabase = await client();
  const member = customer.kind === 'member';
  const row = {
    customer_id: member ? customer.id : null,
    customer_email: member ? null : customer.id.toLowerCase(),
    body,
  };
  unwrap(await supabase.from('customer_notes').insert(row));
}

export async function deleteCustomerNote(noteId: string, client: LoadClient = sharedClient): Promise<void> {
  const supabase = await client();
  const data = unwrap(await supabase.from('customer_notes').delete().eq('id', noteId).select('id'));
  if (!data.length) throw new DataError('This note could not be deleted.');
}
