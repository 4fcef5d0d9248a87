import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { formatOrdinalDate, nightsBetween, nightsLabel } from '../../lib/format';
import { getSupabase } from '../../lib/supabase/client';
import { $isAdmin, $loading, $user } from '../../stores/session';
import { EventComments } from '../comments/EventComments';
import { eventsBackTarget } from './back-target';
import { EventCommunity } from './EventCommunity';
import { fetchPublishedEvents, type PublishedEvent } from './events.data';
import { useLiveCommunity } from './live-community';

export interface EventsListProps {
  /** Slugs of the trips that have a marketing page (/tours/<slug>), known when the site is built. */
  tripSlugs: readonly string[];
}

const noChanges = () => () => {};

/** The published events (spec: Events page), each with its reactions, follow button and comments. */
export function EventsList({ tripSlugs }: EventsListProps) {
  const user = useStore($user);
  const isAdmin = useStore($isAdmin);
  const sessionLoading = useStore($loading);
  // The server renders no back link (it cannot know the session); hydration must match that first.
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const events = useQuery({
    queryKey: ['events', 'published'],
    queryFn: async () => fetchPublishedEvents(await getSupabase()),
  });
  // Live updates (decision 0029), once the list is shown (and on through a failed refetch).
  useLiveCommunity(sessionLoading ? null : (user?.id ?? null), events.data !== undefined);
  const back =
    !hydrated || sessionLoading
      ? null
      : eventsBackTarget({
          referrer: document.referrer,
          origin: location.origin,
          signedIn: Boolean(user),
          isAdmin,
        });

  return (
    <div>
      {back && (
        <a href={back} className="text-muted-foreground hover:text-foreground text-sm underline">
          ← Back
        </a>
      )}
      {events.isPending && (
        <p role="status" className="text-muted-foreground mt-6">
          Loading events...
        </p>
      )}
      {events.isError && (
        <p role="alert" className="mt-6">
          The events could not be loaded. Please check your connection and refresh the page.
        </p>
      )}
      {events.data?.length === 0 && <p className="mt-6">No live events available at the moment.</p>}
      {events.data && events.data.length > 0 && (
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {events.data.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              hasTripPage={tripSlugs.includes(event.slug)}
              eventIds={events.data.map((listed) => listed.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function EventCard({
  event,
  hasTripPage,
  eventIds,
}: {
  event: PublishedEvent;
  hasTripPage: boolean;
  eventIds: readonly string[];
}) {
  return (
    <li className="border-border bg-card rounded-lg border p-6">
      <span className="bg-badge-soon text-badge-soon-foreground inline-flex rounded-full px-3 py-1 text-xs font-semibold">
        EOI Open
      </span>
      <h2 className="mt-3 text-xl font-semibold">{event.title}</h2>
      <dl className="text-muted-foreground mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {event.location && (
          <>
            <dt className="font-medium">Location</dt>
            <dd>{event.location}</dd>
          </>
        )}
        <dt className="font-medium">Starts</dt>
        <dd>{formatOrdinalDate(event.start_date)}</dd>
        <dt className="font-medium">Duration</dt>
        <dd>{nightsLabel(nightsBetween(event.start_date, event.end_date))}</dd>
      </dl>
      {hasTripPage && (
        <a
          href={`/tours/${event.slug}`}
          className="text-primary mt-4 inline-block text-sm font-medium underline"
        >
          Trip details<span className="sr-only">: {event.title}</span>
        </a>
      )}
      <EventCommunity eventId={event.id} title={event.title} />
      <EventComments eventId={event.id} eventIds={eventIds} />
    </li>
  );
}
