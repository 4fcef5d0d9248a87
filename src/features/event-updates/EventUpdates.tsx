import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { $user } from '../../stores/session';
import { showErrorToast } from '../../stores/toasts';
import { formatPostedAt, RICH_TEXT_CLASS, unreadIds, unreadSummary } from './event-updates';
import { listEventUpdates, markUpdatesRead } from './event-updates.data';
import { EVENT_UPDATES_KEY, useLiveUpdates } from './live-updates';

/**
 * /event-updates: news for the events the member follows or has booked, newest first, live (a new update
 * appears without a reload). Unread ones carry a 'New' badge until the member presses 'Mark all as read'
 * (one request for all of them). The update's body is the HTML the database rendered from the admin's
 * document (escaped text in a fixed set of tags), so it is shown as it is.
 */
export function EventUpdates() {
  const userId = useStore($user)?.id ?? '';
  const queryClient = useQueryClient();
  const queryKey = [EVENT_UPDATES_KEY, userId];
  const [status, setStatus] = useState('');
  const query = useQuery({ queryKey, queryFn: () => listEventUpdates(), enabled: !!userId });
  useLiveUpdates(userId, query.isSuccess);
  const markAll = useMutation({
    mutationFn: (updateIds: readonly string[]) => markUpdatesRead(updateIds),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      setStatus('All updates marked as read.');
    },
    onError: showErrorToast,
  });

  if (!query.isSuccess) return <QueryWaiting query={query} what="updates" />;
  if (query.data.length === 0)
    return (
      <div className="border-border rounded-lg border border-dashed p-8 text-center">
        <p className="font-medium">No updates yet.</p>
        <p className="text-muted-foreground mt-2 text-sm">
          Updates appear here for the events you follow or have booked. Follow an event on the events page to
          hear its news first.
        </p>
        <a href="/events" className={buttonClass('primary', 'md', 'mt-4')}>
          Browse events
        </a>
      </div>
    );

  const unread = unreadIds(query.data);
  return (
    <section aria-label="Updates for your events">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">{unreadSummary(unread.length)}</p>
        {unread.length > 0 && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={markAll.isPending}
            onClick={() => markAll.mutate(unread)}
          >
            Mark all as read
          </button>
        )}
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
      <ul className="mt-4 grid gap-4">
        {query.data.map((update) => (
          <li
            key={update.id}
            data-testid="event-update"
            className={`bg-card rounded-lg border p-5 ${update.unread ? 'border-primary' : 'border-border'}`}
          >
            <div className="flex flex-wrap items-center gap-2">
              {update.unread && (
                <span className="bg-primary text-primary-foreground rounded-full px-2 py-0.5 text-xs font-semibold">
                  New
                </span>
              )}
              <p className="text-muted-foreground text-sm">
                {update.eventTitle}
                {update.eventStartDate ? ` · ${formatOrdinalDate(update.eventStartDate)}` : ''}
              </p>
            </div>
            <h2 className="mt-1 text-lg font-semibold">{update.title}</h2>
            <p className="text-muted-foreground text-xs">
              Posted <time dateTime={update.postedAt}>{formatPostedAt(update.postedAt)}</time>
            </p>
            {update.image && (
              <img
                src={update.image.url}
                alt={update.image.alt}
                loading="lazy"
                className="border-border mt-3 max-h-80 w-auto max-w-full rounded border object-contain"
              />
            )}
            <div
              className={`mt-2 ${RICH_TEXT_CLASS}`}
              // The database's renderer escapes every character people wrote (update_node_html).
              dangerouslySetInnerHTML={{ __html: update.bodyHtml }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
