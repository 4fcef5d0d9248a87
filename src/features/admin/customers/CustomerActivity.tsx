import { formatDate, formatDateTime } from '../../../lib/format/dates';
import type { CustomerRecord } from './customers.data';
import { formatMoney } from './customers';
import { RecordSection, RecordTable } from './RecordSection';

const STATUS: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** What the customer booked, who travels, what they asked us and what they wrote on /events. */
export function CustomerActivity({ record }: { record: CustomerRecord }) {
  const member = record.profile.kind === 'member';
  return (
    <>
      {member && (
        <RecordSection title="Bookings" count={record.bookings.length}>
          <RecordTable
            caption="Bookings"
            rows={record.bookings}
            empty="No bookings."
            rowKey={(row) => row.id}
            columns={[
              { header: 'Invoice', cell: (row) => row.invoice_number },
              { header: 'Event', cell: (row) => `${row.event_title} (${formatDate(row.start_date)})` },
              { header: 'Status', cell: (row) => STATUS[row.status] ?? row.status },
              { header: 'Travellers', cell: (row) => row.travellers },
              { header: 'Total', cell: (row) => formatMoney(row.total_cents, row.currency) },
              { header: 'Paid', cell: (row) => formatMoney(row.paid_cents, row.currency) },
              { header: 'Balance', cell: (row) => formatMoney(row.remaining_cents, row.currency) },
            ]}
          />
        </RecordSection>
      )}
      {member && (
        <RecordSection title="Travellers" count={record.travellers.length}>
          <RecordTable
            caption="Travellers"
            rows={record.travellers}
            empty="No travellers saved."
            rowKey={(row) => row.id}
            columns={[
              { header: 'Name', cell: (row) => row.full_name },
              {
                header: 'Date of birth',
                cell: (row) => (row.date_of_birth ? formatDate(row.date_of_birth) : '—'),
              },
              { header: 'Phone', cell: (row) => row.phone ?? '—' },
              { header: 'Dietary', cell: (row) => row.dietary_notes ?? '—' },
              { header: 'Medical', cell: (row) => row.medical_notes ?? '—' },
              {
                header: 'Emergency contact',
                cell: (row) =>
                  [row.emergency_contact_name, row.emergency_contact_phone].filter(Boolean).join(', ') || '—',
              },
            ]}
          />
        </RecordSection>
      )}
      <RecordSection title="Waitlist and interest" count={record.waitlist.length + record.interest.length}>
        <RecordTable
          caption="Waitlist and interest entries"
          rows={[
            ...record.waitlist.map((row) => ({ ...row, what: 'Waitlist', text: row.notes })),
            ...record.interest.map((row) => ({ ...row, what: 'Interest', text: row.message })),
          ]}
          empty="No waitlist or interest entries."
          rowKey={(row) => row.id}
          columns={[
            { header: 'Kind', cell: (row) => row.what },
            { header: 'Event', cell: (row) => row.event_name },
            { header: 'When', cell: (row) => formatDateTime(row.created_at) },
            { header: 'Phone', cell: (row) => row.phone ?? '—' },
            { header: 'Notes', cell: (row) => row.text ?? '—' },
          ]}
        />
      </RecordSection>
      <RecordSection title="Contact messages" count={record.contact_messages.length}>
        <RecordTable
          caption="Contact messages"
          rows={record.contact_messages}
          empty="No contact messages."
          rowKey={(row) => row.id}
          columns={[
            { header: 'When', cell: (row) => formatDateTime(row.created_at) },
            { header: 'Message', cell: (row) => <span className="whitespace-pre-line">{row.message}</span> },
            {
              header: 'Handled',
              cell: (row) => (row.handled_at ? formatDateTime(row.handled_at) : 'Not yet'),
            },
          ]}
        />
      </RecordSection>
      {member && (
        <RecordSection title="Comments" count={record.comment_total}>
          {record.comment_total > record.comments.length && (
            <p className="text-muted-foreground text-sm">The latest {record.comments.length} are shown.</p>
          )}
          <RecordTable
            caption="Comments and replies"
            rows={record.comments}
            empty="No comments."
            rowKey={(row) => row.id}
            columns={[
              { header: 'When', cell: (row) => formatDateTime(row.created_at) },
              { header: 'Event', cell: (row) => row.event_title },
              {
                header: 'Comment',
                cell: (row) => (
                  <span className="whitespace-pre-line">
                    {row.kind === 'reply' ? 'Reply: ' : ''}
                    {row.content}
                    {row.is_deleted ? ' (deleted)' : ''}
                  </span>
                ),
              },
            ]}
          />
        </RecordSection>
      )}
    </>
  );
}
