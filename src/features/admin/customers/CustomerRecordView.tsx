import { formatDate, formatDateTime, sydneyDate } from '../../../lib/format/dates';
import { useQuery } from '@tanstack/react-query';
import { customerKey, fetchCustomer, type CustomerRecord } from './customers.data';
import { customerTierLabel } from './customers';
import { CustomerActivity } from './CustomerActivity';
import { CustomerNotes } from './CustomerNotes';
import { CustomerTier } from './CustomerTier';
import { RecordSection } from './RecordSection';

/** One customer's record in one request (admin_customer): null when nobody has that id or e-mail. */
export function useCustomerRecord(customerId: string) {
  return useQuery({ queryKey: customerKey(customerId), queryFn: () => fetchCustomer(customerId) });
}

/** The name a record is shown under. */
export const recordName = (record: CustomerRecord) => record.profile.full_name ?? record.profile.email;

/**
 * Everything about one customer, the same on /admin/customers/{id} and on /customer/{id} for admins:
 * profile (with the tier to edit), bookings with balances, travellers, enquiries, comments, staff notes.
 */
export function CustomerRecordView({ record }: { record: CustomerRecord }) {
  const { profile } = record;
  const member = profile.kind === 'member';
  return (
    <div className="space-y-6">
      <RecordSection title="Profile">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{profile.full_name ?? 'No name given'}</dd>
          <dt className="text-muted-foreground">E-mail</dt>
          <dd>
            <a href={`mailto:${profile.email}`} className="text-primary underline">
              {profile.email}
            </a>
          </dd>
          <dt className="text-muted-foreground">Phone</dt>
          <dd>{profile.phone ?? '—'}</dd>
          <dt className="text-muted-foreground">Tier</dt>
          <dd>
            {customerTierLabel(profile.tier)}
            {profile.is_admin ? ' · Admin' : ''}
          </dd>
          <dt className="text-muted-foreground">{member ? 'Joined' : 'First enquiry'}</dt>
          <dd>{formatDate(sydneyDate(profile.joined))}</dd>
          {member && (
            <>
              <dt className="text-muted-foreground">Last sign-in</dt>
              <dd>{profile.last_sign_in ? formatDateTime(profile.last_sign_in) : 'Never'}</dd>
              <dt className="text-muted-foreground">Marketing e-mails</dt>
              <dd>{profile.marketing_consent ? 'Agreed' : 'Not agreed'}</dd>
            </>
          )}
        </dl>
        {member && profile.tier !== 'enquirer' && (
          <CustomerTier
            key={profile.tier}
            memberId={profile.id}
            name={recordName(record)}
            tier={profile.tier}
          />
        )}
        {!member && (
          <p className="text-muted-foreground text-sm">
            An enquirer: this address has written to us but has no account.
          </p>
        )}
      </RecordSection>
      <CustomerActivity record={record} />
      <RecordSection title="Notes by staff" count={record.notes.length}>
        <CustomerNotes record={record} />
      </RecordSection>
    </div>
  );
}
