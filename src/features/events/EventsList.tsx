import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate, nightsBetween, nightsLabel } from '../../lib/format';
import { bookPath } from '../book/book';
import { checkSession } from '../../stores/session';
import { useHydrated, useSessionAsBuilt } from '../../stores/session-as-built';
import { EventComments, firstThreadsQuery } from '../comments/EventComments';
import { eventsBackTarget } from './back-target';
import { EventCommunity } from './EventCommunity';
import {
  eventsPageKey,
  fetchEventsPage,
  type EventScope,
  type EventsPage,
  type PublishedEvent,
  upcomingEvents,
} from './events.data';
import { afterPaint } from '../../lib/after-paint';
import { earlyReadsFor } from '../../lib/supabase/early-client';
import { useListShownMark } from './list-shown-mark';
import { useLiveCommunity } from './use-live-community';

export interface EventsListProps {
  /** Slugs of the trips that have a marketing page (/tours/<slug>), known when the site is built. */
  tripSlugs: readonly string[];
  /**
   * The visitor's list as the build read it (built-events-page.ts): shown until the live read replaces it,
   * so the static HTML holds the cards. Never a member's: their list waits for their own read.
   */
  builtPage?: EventsPage;
}

/** The published events (spec: Events page), each with its reactions, follow button and comments. */
export function EventsList({ tripSlugs, builtPage }: EventsListProps) {
  // The build rendered a visitor's list (builtPage): hydration renders it the same, then the session decides.
  const { user, isAdmin, loading: sessionLoading } = useSessionAsBuilt();
  const hydrated = useHydrated();
  // Time is real: only events starting today or later (Sydney's date) are upcoming.
  const [scope] = useState<EventScope>(() => upcomingEvents());
  // The member's own reactions and follow come with the events, so the read waits until the session says
  // who is signed in (the stored session; the profile may still be on its way).
  const userId = user?.id ?? null;
  // One key object per member, so the memoised cards below see the same props from render to render.
  const pageKey = useMemo(() => eventsPageKey(scope, userId), [scope, userId]);
  const page = useQuery({
    queryKey: pageKey,
    // A member's first read is answered by the page's early read, without waiting for auth-js (decision 0098).
    queryFn: () => fetchEventsPage(scope, userId, earlyReadsFor(userId)),
    // Not while hydrating: the session then reads as a visitor's whoever is signed in (useSessionAsBuilt).
    enabled: hydrated && (Boolean(user) || !sessionLoading),
    // Stale from the start (updated at 0): read live as soon as the session is known.
    ...(userId === null && builtPage ? { initialData: builtPage, initialDataUpdatedAt: 0 } : {}),
  });
  // Until the live read lands, a visitor's cards are the build's; a member's browser hides them (CSS in
  // EventsSkeleton.astro, by <html data-signed-in>) and shows the placeholders instead.
  const fromBuild = builtPage !== undefined && page.data !== undefined && page.dataUpdatedAt === 0;
  // A member's first cards show their comments: the list waits for that read too (it starts with the events
  // read and fills those cards' threads), so nothing pushes the shown page down when it lands (CLS). The
  // other cards read theirs as they come near the screen.
  const queryClient = useQueryClient();
  const comments = useQuery({
    ...firstThreadsQuery(queryClient, scope, userId ?? ''),
    enabled: Boolean(user),
  });
  // Rendered afresh in a member's browser (client:member), the island shows the build's cards only once the
  // session says nobody is signed in: while it is checked, they would be rendered hidden (issue 25).
  const ready =
    page.data !== undefined &&
    !(fromBuild && sessionLoading) &&
    (!user || comments.data !== undefined || comments.isError);
  // A member's list renders at a lower priority than input, in slices React can interrupt (issue 25): their
  // cards are heavy, and one long render would block the page under a phone's CPU. The loading line stays
  // until that render is done.
  // A visitor's cards are light (no comments): they render at once, as before.
  const listed = ready ? page.data?.events : undefined;
  // Deferred with the key they were read for: the member's list may be in the moment the session is known
  // (read early, EarlyReads.astro), and while it renders in the background the deferred value must not let
  // the visitor's list the page hydrated with stand in for it.
  const deferred = useDeferredValue(useMemo(() => ({ pageKey, events: listed }), [pageKey, listed]));
  const events = user ? (deferred.pageKey === pageKey ? deferred.events : undefined) : listed;
  useListShownMark(Boolean(events)); // npm run bench:events times the page to this mark
  const stepped = useRenderedCards(events?.length ?? 0);
  const rendered = user ? stepped : (events?.length ?? 0);
  // Once the member's list from the page's early reads is painted whole, supabase-js may load to check
  // their session and fetch their profile: after the cards rather than beside them (decision 0098).
  const shownOrFailed =
    (events !== undefined && rendered >= events.length) || page.isError || comments.isError;
  useEffect(() => {
    if (shownOrFailed) void afterPaint().then(checkSession);
  }, [shownOrFailed]);
  // Live updates (decision 0029), once the list is shown (and on through a failed refetch): not when its
  // reads land, since realtime-js's download and start would then compete with the first cards' render and
  // delay the page's largest paint, a member's first comment (issue 25).
  useLiveCommunity(sessionLoading ? null : (user?.id ?? null), Boolean(events));
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
      {/* A line kept for the link from the first paint: it appears once the session is known (CLS). */}
      <div className="h-5">
        {back && (
          <a href={back} className="text-muted-foreground hover:text-foreground text-sm underline">
            ← Back
          </a>
        )}
      </div>
      {!events && !page.isError && (
        <p role="status" data-events-loading className="text-muted-foreground mt-6">
          Loading events...
        </p>
      )}
      {page.isError && (
        <p role="alert" className="mt-6">
          The events could not be loaded. Please check your connection and refresh the page.
        </p>
      )}
      {events?.length === 0 && <p className="mt-6">No live events available at the moment.</p>}
      {page.data && events && events.length > 0 && (
        <ul className="mt-6 grid gap-6 md:grid-cols-2" data-events-built={fromBuild ? '' : undefined}>
          {events.slice(0, rendered).map((event) => (
            <EventCard
              key={event.id}
              event={event}
              hasTripPage={tripSlugs.includes(tripOf(event))}
              page={page.data}
              pageKey={pageKey}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Cards rendered in the first step: the first fills a phone's screen (a desktop's second follows a frame later). */
const FIRST_CARDS = 1;
/** Cards rendered after the first ones, per step: a small step keeps each commit and its layout short. */
const CARDS_PER_STEP = 6;

/**
 * How many of `total` cards to render: FIRST_CARDS at once, the rest CARDS_PER_STEP at a time after each
 * render is on screen, at low priority. The first cards, which fill a phone's screen, then paint without
 * waiting for the whole list (issue 25).
 */
function useRenderedCards(total: number): number {
  const [rendered, setRendered] = useState(FIRST_CARDS);
  useEffect(() => {
    if (rendered >= total) return;
    const step = requestAnimationFrame(() =>
      startTransition(() => setRendered((count) => count + CARDS_PER_STEP)),
    );
    return () => cancelAnimationFrame(step);
  }, [rendered, total]);
  return rendered;
}

/**
 * One event's card. Memoised: the list re-renders as its read starts and lands (and once hydration is done)
 * with the same events, which the query keeps as the same objects, so the cards need not render again.
 */
const EventCard = memo(function EventCard({
  event,
  hasTripPage,
  page,
  pageKey,
}: {
  event: PublishedEvent;
  hasTripPage: boolean;
  page: EventsPage;
  pageKey: readonly unknown[];
}) {
  return (
    <li className="border-border bg-card rounded-lg border p-6">
      <span className="bg-badge-soon text-badge-soon-foreground inline-flex rounded-full px-3 py-1 text-xs font-semibold">
        EOI Open
      </span>
      <h2 id={`event-title-${event.id}`} className="mt-3 text-xl font-semibold">
        <a href={`/event-details/${event.id}`} className="underline-offset-4 hover:underline">
          {event.title}
        </a>
      </h2>
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
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {/* Every listed event is upcoming; the booking flow says so when one is sold out or not open yet. */}
        {/* Named 'Book Now' and described by the card's title: the title alone names the card's own link. */}
        <a
          href={bookPath(event.id)}
          aria-describedby={`event-title-${event.id}`}
          className={buttonClass('primary', 'sm')}
        >
          Book Now
        </a>
        {hasTripPage && (
          <a href={`/tours/${tripOf(event)}`} className="text-primary text-sm font-medium underline">
            Trip details<span className="sr-only">: {event.title}</span>
          </a>
        )}
      </div>
      <EventCommunity eventId={event.id} title={event.title} page={page} pageKey={pageKey} />
      <EventComments eventId={event.id} loadWhenNear />
    </li>
  );
});

/** The Sanity trip of a departure: its trip_slug, or (for events made before decision 0035) its own slug. */
const tripOf = (event: PublishedEvent): string => event.trip_slug ?? event.slug;
