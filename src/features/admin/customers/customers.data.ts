// /admin/customers' calls to Supabase. The list and the record are one RPC each (admin_customers,
// admin_customer: security definer, refused to anyone but an admin); the tier and the notes are plain
// writes that row-level security allows only to admins. Failures are DataErrors for TanStack Query.
import type { Database } from '../../../lib/supabase/database.types';
import { DataError, sharedClient, unwrap, type Composite, type LoadClient } from '../../../lib/supabase/data';
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

/** The profile of a customer record: a member's, or an enquirer's made from their enquiries. */
export type CustomerProfile = Omit<
  Composite<'customer_profile', 'full_name' | 'phone' | 'last_sign_in'>,
  'kind' | 'tier'
> & { kind: CustomerKind; tier: CustomerTier };

export type CustomerPost = Omit<Composite<'customer_post'>, 'kind'> & { kind: 'comment' | 'reply' };

/** What public.admin_customer() returns: the profile, then one list per kind of thing the customer did. */
export interface CustomerRecord {
  profile: CustomerProfile;
  travellers: Composite<
    'customer_traveller',
    | 'date_of_birth'
    | 'phone'
    | 'dietary_notes'
    | 'medical_notes'
    | 'emergency_contact_name'
    | 'emergency_contact_phone'
  >[];
  bookings: Composite<'customer_booking'>[];
  waitlist: Composite<'customer_waitlist_entry', 'event_id' | 'phone' | 'notes'>[];
  interest: Composite<'customer_interest_entry', 'event_id' | 'phone' | 'message'>[];
  contact_messages: Composite<'customer_message', 'phone' | 'handled_at'>[];
  comments: CustomerPost[];
  comment_total: number;
  notes: Composite<'customer_note', 'author_name'>[];
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
  const row = unwrap(await (await client()).rpc('admin_customer', { customer: id }).maybeSingle());
  // Typed by the composites; narrowed to the attributes the function always fills, and to the values the
  // kind, tier and post kind columns hold.
  return row as CustomerRecord | null;
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
