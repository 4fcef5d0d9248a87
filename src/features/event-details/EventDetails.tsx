import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatOrdinalDate, nightsBetween, nightsLabel } from '../../lib/format';
import { sydneyToday } from '../../lib/format/today';
import { $loading, $user } from '../../stores/session';
import { BookButton } from '../book/BookButton';
import { EventComments } from '../comments/EventComments';
import { EventCommunity } from '../events/EventCommunity';
import { eventsPageKey, fetchEventsPage } from '../events/events.data';
import { useLiveCommunity } from '../events/use-live-community';
import { eventPhase, eventRefFromPath, PHASE_LABELS, type TripCopy } from './event-details';
import { fetchEventDetail, type EventDetail } from './event-details.data';
import { EventDetailsUpdates } from './EventDetailsUpdates';
import { MemberPolls } from '../polls/MemberPolls';
import { TripCopySection } from './TripCopySection';

export interface EventDetailsProps {
  /** Every trip's marketing copy from Sanity, known when the site is built; matched by slug. */
  trips: readonly TripCopy[];
}

const backLink = (
  <a href="/events" className="text-muted-foreground hover:text-foreground text-sm underline">
    ← All events
  </a>
);

/**
 * /event-details/{id or slug}: one static shell (public/_redirects rewrites /event-details/* to it) whose
 * island reads the event from the address: its facts, the trip's copy, its community and its updates.
 */
export function EventDetails({ trips }: EventDetailsProps) {
  const [ref] = useState(() => eventRefFromPath(window.location.pathname));
  const event = useQuery({
    queryKey: ['events', 'detail', ref],
    queryFn: () => fetchEventDetail(ref!),
    enabled: ref !== null,
  });
  const title = event.data?.title;
  useEffect(() => {
    if (title) document.title = document.title.replace(/^Event details/, title);
  }, [title]);

  if (ref === null || event.data === null)
    return (
      <div>
        {backLink}
        <h1 className="mt-4 text-4xl font-bold">Event not found</h1>
        <p role="alert" className="mt-3">
          We could not find that event. The link may be mistyped, or the event is not published yet.
        </p>
        <p className="mt-3">
          <a href="/events" className="text-primary font-medium underline">
            Browse Events
          </a>
        </p>
      </div>
    );
  if (event.isError)
    return (
      <div>
        {backLink}
        <p role="alert" className="mt-6">
          The event could not be loaded. Please check your connection and refresh the page.
        </p>
      </div>
    );
  if (!event.data)
    return (
      <p role="status" className="text-muted-foreground">
        Loading event...
      </p>
    );
  // The departure's trip (decision 0035); events made before trip_slug are named by the trip's slug.
  const tripSlug = event.data.trip_slug ?? event.data.slug;
  return <EventPage event={event.data} trip={trips.find((trip) => trip.slug === tripSlug)} />;
}

function EventPage({ event, trip }: { event: EventDetail; trip: TripCopy | undefined }) {
  const phase = eventPhase(event, sydneyToday());
  return (
    <article aria-labelledby="event-title">
      {backLink}
      <p className="mt-4">
        <span className="bg-badge-soon text-badge-soon-foreground inline-flex rounded-full px-3 py-1 text-xs font-semibold">
          {PHASE_LABELS[phase]}
        </span>
      </p>
      <h1 id="event-title" className="mt-3 text-4xl font-bold">
        {event.title}
      </h1>
      <dl className="text-muted-foreground mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {event.location && (
          <>
            <dt className="font-medium">Location</dt>
            <dd>{event.location}</dd>
          </>
        )}
        <dt className="font-medium">Dates</dt>
        <dd>
          {formatOrdinalDate(event.start_date)} to {formatOrdinalDate(event.end_date)}
        </dd>
        <dt className="font-medium">Duration</dt>
        <dd>{nightsLabel(nightsBetween(event.start_date, event.end_date))}</dd>
      </dl>
      {phase === 'upcoming' && event.status === 'published' && <BookButton eventId={event.id} />}
      {event.description && <p className="mt-4 whitespace-pre-line">{event.description}</p>}
      {trip && <TripCopySection trip={trip} />}
      <section aria-labelledby="community-title" className="border-border mt-10 border-t pt-6">
        <h2 id="community-title" className="text-2xl font-semibold">
          Community
        </h2>
        <EventCommunityFor event={event} />
        <EventComments eventId={event.id} />
      </section>
      <EventDetailsUpdates eventId={event.id} />
      <MemberPolls eventId={event.id} />
    </article>
  );
}

/** The reaction bar and follow button, read as the events page reads them (counts and the member's own). */
function EventCommunityFor({ event }: { event: EventDetail }) {
  const user = useStore($user);
  const sessionLoading = useStore($loading);
  const userId = user?.id ?? null;
  const scope = { id: event.id };
  const pageKey = eventsPageKey(scope, userId);
  const page = useQuery({
    queryKey: pageKey,
    queryFn: () => fetchEventsPage(scope, userId),
    // The member's own state comes with the read: wait until the session says who is signed in.
    enabled: Boolean(user) || !sessionLoading,
  });
  // Live updates as on /events (decision 0029): others' comments, hearts and reactions arrive here too.
  useLiveCommunity(sessionLoading ? null : userId, page.data !== undefined);
  if (!page.data) return null;
  return <EventCommunity eventId={event.id} title={event.title} page={page.data} pageKey={pageKey} />;
}
