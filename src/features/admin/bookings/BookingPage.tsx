import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDate, formatDateTime } from '../../../lib/format/dates';
import { sydneyToday } from '../../../lib/format/today';
import { RecordSection, RecordTable } from '../customers/RecordSection';
import { AdminPage } from '../ui/AdminPage';
import { BookingHistory } from './BookingHistory';
import { CancelBookingDialog } from './CancelBookingDialog';
import { PaymentRefunds } from './PaymentRefunds';
import { RefundPaymentDialog } from './RefundPaymentDialog';
import { RecordPaymentForm } from './RecordPaymentForm';
import { ResendEmailButtons } from './ResendEmailButtons';
import { cancellationRequest, instalmentStanding, money, STANDING_LABELS, stateLabel } from './bookings';
import { bookingKey, fetchBooking, type BookingPayment, type BookingRecord } from './bookings.data';
import { bankRefundLeftCents } from './bank-refunds';
import { refundLeftCents } from './card-refunds';
import { RecordBankRefundDialog, type TransferToPayBack } from './RecordBankRefundDialog';

/** /admin/bookings/$bookingId: one booking, what the member sees and its history, with the admin's actions. */
export function BookingPage() {
  const { bookingId } = useParams({ from: '/admin/bookings/$bookingId' });
  const record = useQuery({ queryKey: bookingKey(bookingId), queryFn: () => fetchBooking(bookingId) });
  const back = (
    <Link to="/admin/bookings" className="text-primary text-sm underline">
      Back to bookings
    </Link>
  );
  if (record.isError || record.data === null) {
    return (
      <AdminPage title="Booking" actions={back}>
        <p role="alert" className="text-destructive">
          {record.isError
            ? 'We could not load this booking. Please refresh the page to try again.'
            : 'No booking has this id.'}
        </p>
      </AdminPage>
    );
  }
  if (!record.data) {
    return (
      <AdminPage title="Booking" actions={back}>
        <p role="status">Loading booking…</p>
      </AdminPage>
    );
  }
  const data = record.data;
  return (
    <AdminPage
      title={`Booking ${data.booking.invoice_number}`}
      description={`${data.event.title}, ${stateLabel(data.state).toLowerCase()}`}
      actions={back}
    >
      <BookingView record={data} />
    </AdminPage>
  );
}

function BookingView({ record }: { record: BookingRecord }) {
  const { booking, event } = record;
  const currency = booking.currency;
  const today = sydneyToday();
  const open = booking.status !== 'cancelled' && booking.status !== 'completed';
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState<BookingPayment | null>(null);
  const [payingBack, setPayingBack] = useState<TransferToPayBack | null>(null);
  // The company cancelled the departure: every bank transfer goes back by hand (decision 0096).
  const byCompany = record.cancellation?.kind === 'company';
  const toPayBack = byCompany ? record.payments.filter((payment) => bankRefundLeftCents(payment) > 0) : [];
  const facts: [string, React.ReactNode][] = [
    ['Status', stateLabel(record.state)],
    [
      'Member',
      <Link
        key="member"
        to="/admin/customers/$customerId"
        params={{ customerId: booking.user_id }}
        className="text-primary underline"
      >
        {record.member.name ?? 'No name given'}
        {record.member.email ? ` (${record.member.email})` : ''}
      </Link>,
    ],
    ['Departure', `${event.title}, ${formatDate(event.start_date)} to ${formatDate(event.end_date)}`],
    ['Travellers', String(booking.travellers)],
    ['Total', money(booking.total_cents, currency)],
    ['Deposit (non-refundable)', money(booking.deposit_cents, currency)],
    ['Paid', money(record.paid_cents, currency)],
    ['Left to pay', money(record.left_cents, currency)],
    ['Bank reference', booking.bank_reference ?? '—'],
    ['Booked', formatDateTime(booking.created_at)],
  ];
  if (booking.status === 'pending' && booking.hold_expires_at) {
    facts.push([
      record.state === 'expired' ? 'Hold expired' : 'Places held until',
      formatDateTime(booking.hold_expires_at),
    ]);
  }
  if (booking.terms_version && booking.terms_accepted_at) {
    facts.push([
      'Terms accepted',
      `Version ${booking.terms_version}, ${formatDateTime(booking.terms_accepted_at)}`,
    ]);
  }
  const requested = cancellationRequest(booking);
  if (requested) facts.push(['Member asked to cancel', requested]);
  facts.push([
    'Places left on this departure',
    record.places_left === null ? 'Not limited' : String(record.places_left),
  ]);

  return (
    <div className="space-y-6">
      <RecordSection title="Summary">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-muted-foreground text-sm">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </RecordSection>
      {record.cancellation && (
        <RecordSection title="Cancellation">
          {byCompany ? (
            <p>
              Cancelled by the company {formatDateTime(record.cancellation.created_at)}, with the departure:
              everything received ({money(record.cancellation.paid_cents, currency)}) goes back to the member,
              the deposit included. Card payments go back through Stripe; bank transfers are paid back from
              the bank account and recorded below.
            </p>
          ) : (
            <p>
              Cancelled {formatDateTime(record.cancellation.created_at)}. Of{' '}
              {money(record.cancellation.paid_cents, currency)} received:{' '}
              {money(record.cancellation.kept_cents, currency)} kept,{' '}
              {money(record.cancellation.refund_cents, currency)} to refund,{' '}
              {money(record.cancellation.credit_cents, currency)} credited to the member.
            </p>
          )}
          <p className="whitespace-pre-line">Reason: {record.cancellation.reason}</p>
        </RecordSection>
      )}
      {byCompany && (
        <RecordSection title="Bank transfers to pay back" count={toPayBack.length}>
          {toPayBack.length === 0 ? (
            <p>Every bank transfer of this booking has been paid back.</p>
          ) : (
            <>
              <ul className="space-y-2">
                {toPayBack.map((payment) => (
                  <li key={payment.id} className="flex flex-wrap items-center gap-2">
                    <span>
                      {money(bankRefundLeftCents(payment), currency)} of the transfer of{' '}
                      {formatDate(payment.received_on)} ({payment.reference ?? 'no reference'}) to{' '}
                      {record.member.name ?? 'the member'}, bank reference {booking.bank_reference ?? '—'}
                    </span>
                    <button
                      type="button"
                      className={buttonClass('outline', 'sm')}
                      onClick={() =>
                        setPayingBack({
                          paymentId: payment.id,
                          receivedOn: payment.received_on,
                          amountCents: payment.amount_cents,
                          leftCents: bankRefundLeftCents(payment),
                        })
                      }
                    >
                      Record refund…
                    </button>
                  </li>
                ))}
              </ul>
              <p className="text-muted-foreground text-sm">
                Every booking with money to pay back is on{' '}
                <Link to="/admin/bookings/refunds" className="text-primary underline">
                  Refunds to pay back
                </Link>
                .
              </p>
            </>
          )}
          <RecordBankRefundDialog
            transfer={payingBack}
            currency={currency}
            onClose={() => setPayingBack(null)}
          />
        </RecordSection>
      )}
      {open && (
        <RecordSection title="Record a bank transfer">
          <RecordPaymentForm record={record} />
        </RecordSection>
      )}
      <RecordSection title="E-mails and cancellation">
        <div className="flex flex-wrap gap-2">
          {booking.status !== 'cancelled' && <ResendEmailButtons record={record} />}
          {open && (
            <button
              type="button"
              className={buttonClass('outline', 'md', 'text-destructive')}
              onClick={() => setCancelling(true)}
            >
              Cancel booking…
            </button>
          )}
          {!open && booking.status === 'cancelled' && (
            <p className="text-muted-foreground text-sm">
              This booking is cancelled: nothing can be sent or taken.
            </p>
          )}
        </div>
        {open && (
          <CancelBookingDialog open={cancelling} record={record} onClose={() => setCancelling(false)} />
        )}
      </RecordSection>
      <RecordSection title="Travellers" count={record.travellers.length}>
        <RecordTable
          caption="Travellers"
          rows={record.travellers}
          empty="Nobody is named on this booking yet."
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
      <RecordSection title="Payment schedule" count={record.instalments.length}>
        <RecordTable
          caption="Payment schedule"
          rows={record.instalments}
          empty="No schedule."
          rowKey={(row) => row.id}
          columns={[
            { header: 'Due', cell: (row) => formatDate(row.due_date) },
            { header: 'Amount', cell: (row) => money(row.amount_cents, currency) },
            {
              header: 'Standing',
              cell: (row) => {
                const standing = instalmentStanding(row, today);
                return standing === 'paid' && row.paid_at
                  ? `Paid ${formatDate(row.paid_at.slice(0, 10))}`
                  : booking.status === 'cancelled'
                    ? 'Not due: cancelled'
                    : STANDING_LABELS[standing];
              },
            },
          ]}
        />
      </RecordSection>
      <RecordSection title="Payments" count={record.payments.length}>
        <RecordTable
          caption="Payments"
          rows={record.payments}
          empty="No payments received yet."
          rowKey={(row) => row.id}
          columns={[
            { header: 'Received', cell: (row) => formatDate(row.received_on) },
            { header: 'Amount', cell: (row) => money(row.amount_cents, currency) },
            { header: 'Method', cell: (row) => (row.method === 'card' ? 'Card' : 'Bank transfer') },
            { header: 'Reference', cell: (row) => row.reference ?? '—' },
            { header: 'Refunds', cell: (row) => <PaymentRefunds payment={row} currency={currency} /> },
            {
              header: 'Actions',
              cell: (row) =>
                row.method === 'card' && refundLeftCents(row) > 0 ? (
                  <button
                    type="button"
                    className={buttonClass('outline', 'sm')}
                    aria-label={`Refund the card payment of ${formatDate(row.received_on)}`}
                    onClick={() => setRefunding(row)}
                  >
                    Refund…
                  </button>
                ) : null,
            },
          ]}
        />
        {record.payments.length > 0 && (
          <p className="text-muted-foreground mt-2 text-sm">
            Card payments are refunded here, through Stripe, back to the card they came from. A bank transfer
            is refunded from the bank account: say so on the cancellation, or, when the company cancelled the
            departure, record it under Bank transfers to pay back.
          </p>
        )}
        <RefundPaymentDialog payment={refunding} currency={currency} onClose={() => setRefunding(null)} />
      </RecordSection>
      <RecordSection title="History">
        <BookingHistory bookingId={booking.id} />
      </RecordSection>
    </div>
  );
}
