import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { DataError } from '../../lib/supabase/data';
import { showErrorToast, showToast } from '../../stores/toasts';
import type { PaymentNotice } from './bookings';
import { withdrawPaymentNotice } from './bookings.data';

interface PendingNoticesProps {
  bookingId: string;
  pending: PaymentNotice[];
  format: (cents: number) => string;
}

/** The transfers the member told us about that we have not recorded yet; each can be withdrawn. */
export function PendingNotices({ bookingId, pending, format }: PendingNoticesProps) {
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);

  async function withdraw(notice: PaymentNotice) {
    setWithdrawing(notice.id);
    try {
      await withdrawPaymentNotice(notice.id);
      showToast({
        title: 'Payment withdrawn',
        description: `We will stop looking for ${format(notice.amount_cents)}.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof DataError && !error.code)
        showToast({ title: 'We could not withdraw it', description: error.message, variant: 'destructive' });
      else showErrorToast();
    } finally {
      setWithdrawing(null);
      await queryClient.invalidateQueries({ queryKey: ['booking', bookingId] });
    }
  }

  return (
    <section aria-labelledby="pending-title" className="border-border rounded-lg border p-5">
      <h2 id="pending-title" className="text-lg font-semibold">
        Payments we are looking out for
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {pending.map((notice) => {
          const paid = `${format(notice.amount_cents)} paid on ${formatOrdinalDate(notice.paid_on)}`;
          return (
            <li key={notice.id} className="flex flex-wrap items-center justify-between gap-2">
              <span data-testid="pending-payment">
                <span className="font-semibold">Pending</span>: {paid}
              </span>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                aria-label={`Withdraw ${paid}`}
                disabled={withdrawing !== null}
                onClick={() => void withdraw(notice)}
              >
                {withdrawing === notice.id ? 'Withdrawing...' : 'Withdraw'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
