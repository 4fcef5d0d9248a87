import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { $loading, $user } from '../../stores/session';
import { formatPostedAt } from '../event-updates/event-updates';
import { fetchEventDetailUpdates } from './event-details.data';

/**
 * The event's updates (decision 0025): members who follow or booked it read them; row-level security
 * returns none to anyone else, so the page cannot tell "none posted" from "not yours to read" and says so.
 */
export function EventDetailsUpdates({ eventId }: { eventId: string }) {
  const user = useStore($user);
  const loading = useStore($loading);
  const userId = user?.id ?? '';
  // Prefixed by the /event-updates key, so whatever refreshes that (e.g. a follow) refreshes this too.
  const updates = useQuery({
    queryKey: ['event-updates', userId, eventId],
    queryFn: () => fetchEventDetailUpdates(eventId),
    enabled: !loading && userId !== '',
  });

  return (
    <section aria-labelledby="updates-title" className="border-border mt-10 border-t pt-6">
      <h2 id="updates-title" className="text-2xl font-semibold">
        Updates
      </h2>
      {loading ? null : !user ? (
        <p className="text-muted-foreground mt-2 text-sm">
          Log in and follow this event to read its updates.
        </p>
      ) : updates.isError ? (
        <p role="alert" className="mt-2 text-sm">
          The updates could not be loaded. Please refresh the page to try again.
        </p>
      ) : !updates.data ? (
        <p role="status" className="text-muted-foreground mt-2 text-sm">
          Loading updates...
        </p>
      ) : updates.data.length === 0 ? (
        <p className="text-muted-foreground mt-2 text-sm">
          No updates for you yet. Updates reach the members who follow or have booked this event.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {updates.data.map((update) => (
            <li key={update.id} className="border-border bg-card rounded-lg border p-5">
              <h3 className="text-lg font-semibold">{update.title}</h3>
              <p className="text-muted-foreground text-xs">
                Posted <time dateTime={update.created_at}>{formatPostedAt(update.created_at)}</time>
              </p>
              <p className="mt-3 text-sm whitespace-pre-line">{update.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
