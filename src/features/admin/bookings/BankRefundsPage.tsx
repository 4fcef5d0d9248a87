import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDate } from '../../../lib/format/dates';
import { RecordSection, RecordTable } from '../customers/RecordSection';
import { AdminPage } from '../ui/AdminPage';
import { bankRefundsDueKey, fetchBankRefundsDue } from './bank-refunds.data';
import { refundsDueByBooking } from './bank-refunds';
import { money } from './bookings';
import { RecordBankRefundDialog, type TransferToPayBack } from './RecordBankRefundDialog';

/**
 * /admin/bookings/refunds: the bank transfers to pay back by hand, one booking at a time, after the company
 * cancelled their departure (decision 0096): who paid, how much, the booking's bank reference, and each
 * transfer with what is left of it, recorded here once paid back. Card payments go back through Stripe by
 * themselves and are not listed. One request (admin_bank_refunds_due).
 */
export function BankRefundsPage() {
  const due = useQuery({ queryKey: bankRefundsDueKey, queryFn: () => fetchBankRefundsDue() });
  const [paying, setPaying] = useState<{ transfer: TransferToPayBack; currency: string } | null>(null);
  const bookings = refundsDueByBooking(due.data ?? []);
  return (
    <AdminPage
      title="Refunds to pay back"
      description="Bank transfers to pay back to members whose departure we cancelled. Card payments go back through Stripe by themselves."
      actions={
        <Link to="/admin/bookings" className="text-primary text-sm underline">
          Back to bookings
        </Link>
      }
    >
      {due.isError ? (
        <p role="alert" className="text-destructive">
          We could not load the refunds. Please refresh the page to try again.
        </p>
      ) : !due.data ? (
        <p role="status">Loading refunds…</p>
      ) : bookings.length === 0 ? (
        <p>Nothing to pay back: every bank transfer of a cancelled departure has been refunded.</p>
      ) : (
        <div className="space-y-4">
          {bookings.map((booking) => (
            <RecordSection
              key={booking.booking_id}
              title={`${booking.member_name ?? 'No name given'}: ${money(booking.due_cents, booking.currency)}`}
            >
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                <div>
                  <dt className="text-muted-foreground text-sm">Member</dt>
                  <dd>
                    {booking.member_name ?? 'No name given'}
                    {booking.member_email ? ` (${booking.member_email})` : ''}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-sm">Departure</dt>
                  <dd>
                    {booking.event_title}, {formatDate(booking.event_start)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-sm">Booking</dt>
                  <dd>
                    <Link
                      to="/admin/bookings/$bookingId"
                      params={{ bookingId: booking.booking_id }}
                      className="text-primary underline"
                    >
                      {booking.invoice_number}
                    </Link>
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-sm">Bank reference</dt>
                  <dd>{booking.bank_reference ?? '—'}</dd>
                </div>
              </dl>
              <RecordTable
                caption={`Transfers of ${booking.invoice_number} to pay back`}
                rows={booking.transfers}
                empty="Nothing left to pay back."
                rowKey={(transfer) => transfer.payment_id}
                columns={[
                  { header: 'Received', cell: (transfer) => formatDate(transfer.received_on) },
                  { header: 'Their reference', cell: (transfer) => transfer.payment_reference ?? '—' },
                  { header: 'Amount', cell: (transfer) => money(transfer.amount_cents, transfer.currency) },
                  {
                    header: 'Left to pay back',
                    cell: (transfer) => money(transfer.due_cents, transfer.currency),
                  },
                  {
                    header: 'Actions',
                    cell: (transfer) => (
                      <button
                        type="button"
                        className={buttonClass('outline', 'sm')}
                        aria-label={`Record refund of the transfer of ${formatDate(transfer.received_on)} for ${booking.invoice_number}`}
                        onClick={() =>
                          setPaying({
                            currency: transfer.currency,
                            transfer: {
                              paymentId: transfer.payment_id,
                              receivedOn: transfer.received_on,
                              amountCents: transfer.amount_cents,
                              leftCents: transfer.due_cents,
                            },
                          })
                        }
                      >
                        Record refund…
                      </button>
                    ),
                  },
                ]}
              />
            </RecordSection>
          ))}
        </div>
      )}
      <RecordBankRefundDialog
        transfer={paying?.transfer ?? null}
        currency={paying?.currency ?? 'AUD'}
        onClose={() => setPaying(null)}
      />
    </AdminPage>
  );
}
