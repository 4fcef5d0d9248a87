import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDateTime } from '../../../lib/format/dates';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { differenceText, sideAmount } from './difference-words';
import {
  DIFFERENCES_SHOWN,
  fetchOpenDifferences,
  resolveDifference,
  type StripeDifference,
} from './differences.data';

export const DIFFERENCES_KEY = ['admin', 'stripe-settings', 'differences'];

/**
 * The open differences between Stripe and the ledger (decision 0095), newest first: what differs, the
 * Stripe id to look up in Stripe's dashboard, each side's amount, the booking or order, and 'Mark resolved'
 * once the admin has dealt with it (a refund, a payment recorded by hand, or an explanation). A difference
 * that goes away by itself (the webhook arrived late) is cleared by the next hourly run.
 */
export function StripeDifferences() {
  const list = useQuery({ queryKey: DIFFERENCES_KEY, queryFn: () => fetchOpenDifferences() });
  return (
    <section id="differences" aria-labelledby="stripe-differences" className="space-y-3">
      <h3 id="stripe-differences" className="text-lg font-semibold">
        Differences with Stripe
      </h3>
      <p className="text-muted-foreground text-sm">
        Every hour, the payments and refunds Stripe made in the last three days are compared with the
        bookings&rsquo; and orders&rsquo; payments. Each difference stays here until it goes away or you mark
        it resolved.
      </p>
      {list.isPending ? (
        <p role="status" className="text-sm">
          Loading…
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-destructive text-sm">
          We could not load the differences. Please refresh the page.
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm" data-testid="no-differences">
          No differences: Stripe and the ledger agree.
        </p>
      ) : (
        <DifferencesTable rows={list.data} />
      )}
    </section>
  );
}

function DifferencesTable({ rows }: { rows: StripeDifference[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Open differences with Stripe
          {rows.length === DIFFERENCES_SHOWN ? `, the newest ${DIFFERENCES_SHOWN}` : ''}
        </caption>
        <thead>
          <tr className="border-border border-b">
            <th scope="col" className="py-2 pr-4 font-medium">
              Found
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Difference
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Stripe id
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Stripe
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Ledger
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              For
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-border border-b align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(row.found_at)}</td>
              <td className="py-2 pr-4">{differenceText(row.kind)}</td>
              <td className="py-2 pr-4">
                <code className="break-all">{row.stripe_id}</code>
              </td>
              <td className="py-2 pr-4 tabular-nums">{sideAmount(row, row.stripe_cents)}</td>
              <td className="py-2 pr-4 tabular-nums">{sideAmount(row, row.ledger_cents)}</td>
              <td className="py-2 pr-4">
                {row.booking_id ? (
                  <Link
                    to="/admin/bookings/$bookingId"
                    params={{ bookingId: row.booking_id }}
                    className="underline"
                  >
                    The booking
                  </Link>
                ) : row.order_id ? (
                  'A store order'
                ) : (
                  'Nothing of ours'
                )}
              </td>
              <td className="py-2">
                <ResolveButton difference={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResolveButton({ difference }: { difference: StripeDifference }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function resolve() {
    setBusy(true);
    try {
      const outcome = await resolveDifference(difference.id);
      showToast({
        title: outcome === 'resolved' ? 'Marked resolved' : 'Already resolved',
        description:
          outcome === 'resolved'
            ? 'The difference leaves the list; the audit log keeps who resolved it.'
            : 'It was resolved meanwhile (by the hourly check or another admin).',
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: DIFFERENCES_KEY });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] });
    } catch {
      showErrorToast();
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={buttonClass('outline', 'sm')}
      disabled={busy}
      aria-label={`Mark resolved: ${difference.stripe_id}`}
      onClick={() => void resolve()}
    >
      {busy ? 'Saving…' : 'Mark resolved'}
    </button>
  );
}
