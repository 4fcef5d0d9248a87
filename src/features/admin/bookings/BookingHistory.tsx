import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format/dates';
import { actorOf, describeAuditRow, fieldChanges } from '../team/audit';
import { bookingHistoryKey, fetchBookingHistory } from './bookings.data';

/**
 * The booking's history: every admin change to it, its instalments, payments, cancellation and credit, and
 * the payment reminders e-mailed to its member.
 */
export function BookingHistory({ bookingId }: { bookingId: string }) {
  const history = useQuery({
    queryKey: bookingHistoryKey(bookingId),
    queryFn: () => fetchBookingHistory(bookingId),
  });
  if (history.isError) {
    return (
      <p role="alert" className="text-destructive">
        We could not load the history. Please refresh the page to try again.
      </p>
    );
  }
  if (!history.data) return <p role="status">Loading history…</p>;
  if (history.data.length === 0) {
    return <p className="text-muted-foreground text-sm">No changes by the team yet.</p>;
  }
  return (
    <ol className="space-y-2">
      {history.data.map((row) => (
        // Reminders and audit rows number apart, so the key names the kind too.
        <li key={`${row.entity}-${row.id}`} className="border-border border-t pt-2 text-sm">
          <p>
            <time dateTime={row.at}>{formatDateTime(row.at)}</time> · {actorOf(row)}
          </p>
          <p className="font-medium">{describeAuditRow(row)}</p>
          {row.action === 'update' && (
            <ul className="text-muted-foreground">
              {fieldChanges(row).map((change) => (
                <li key={change.field}>
                  {change.field}: {change.before} → {change.after}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
