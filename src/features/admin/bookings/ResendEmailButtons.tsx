import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showToast } from '../../../stores/toasts';
import { resendBookingEmail, type BookingEmail, type BookingRecord } from './bookings.data';
import { refusalText } from './refusals';

const LABELS: Record<BookingEmail, string> = { confirmation: 'confirmation', invoice: 'invoice' };

/** Sends the booking's confirmation or invoice to its member again (queued in the outbox). */
export function ResendEmailButtons({ record }: { record: BookingRecord }) {
  const [busy, setBusy] = useState<BookingEmail | null>(null);
  async function resend(kind: BookingEmail) {
    setBusy(kind);
    try {
      await resendBookingEmail(record.booking.id, kind);
      showToast({
        title: `The ${LABELS[kind]} is on its way`,
        description: `Sent again to ${record.member.email ?? 'the member'}.`,
        variant: 'success',
      });
    } catch (error) {
      showToast({
        title: 'Not sent',
        description: refusalText(error, record.booking.currency),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      {(['confirmation', 'invoice'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className={buttonClass('outline')}
          disabled={busy !== null}
          onClick={() => void resend(kind)}
        >
          {busy === kind ? 'Sending…' : `Resend ${LABELS[kind]}`}
        </button>
      ))}
    </>
  );
}
