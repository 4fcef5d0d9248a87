import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { availabilityLabel } from '../../lib/departures/availability';
import { stepHeading, stepsFor, type PickableTraveller, type RoomChoice } from './book';
import { fetchBookableEvent, fetchDepartureState, type BookableEvent, type NewBooking } from './book.data';
import { Booked } from './Booked';
import { placesWithOffer, type WaitlistOffer } from './offer';
import { ConfirmStep } from './ConfirmStep';
import { PriceStep } from './PriceStep';
import { RoomsStep } from './RoomsStep';
import { TermsStep } from './TermsStep';
import { TravellersStep } from './TravellersStep';

export interface BookingFlowProps {
  /** The terms' key points, read from the terms page's content when the site is built. */
  termsPoints: readonly string[];
}

/** What the member has chosen so far; kept while they move between steps and after a refusal. */
export interface Choices {
  travellers: PickableTraveller[];
  /** Each traveller's room (traveller id to option id), on a departure that offers rooms. */
  rooms: RoomChoice;
  termsAccepted: boolean;
}

/**
 * /book?event=<id>: the member books a departure in four steps (travellers, price, terms, confirm), five
 * with rooms after the travellers when the departure offers them, then sees how to pay by bank transfer.
 * Each step has its heading, focused when the step opens. With a waitlist offer (OfferFlow, decision
 * 0082) the places it holds count as the member's.
 */
export function DepartureFlow({
  eventId,
  termsPoints,
  offer,
}: BookingFlowProps & {
  eventId: string | null;
  offer?: { token: string; details: WaitlistOffer } | undefined;
}) {
  const event = useQuery({
    queryKey: ['book', 'event', eventId],
    queryFn: () => fetchBookableEvent(eventId!),
    enabled: eventId !== null,
  });
  const state = useQuery({
    queryKey: ['book', 'state', eventId],
    queryFn: () => fetchDepartureState(eventId!),
    enabled: eventId !== null,
  });

  if (eventId === null || event.data === null || state.data === null)
    return (
      <div role="alert" className="space-y-3">
        <p>We could not find that departure. The link may be mistyped, or the departure is not on sale.</p>
        <p>
          <a href="/events" className="text-primary font-medium underline">
            Browse Events
          </a>
        </p>
      </div>
    );
  if (event.isError || state.isError)
    return (
      <p role="alert" className="text-destructive">
        The departure could not be loaded. Please check your connection and refresh the page.
      </p>
    );
  if (!event.data || !state.data)
    return (
      <p role="status" className="text-muted-foreground">
        Loading the departure…
      </p>
    );
  const offered = offer ? placesWithOffer(state.data, offer.details) : undefined;
  const open = offered !== undefined || state.data.state === 'open';
  return (
    <Flow
      event={event.data}
      placesLeft={offered !== undefined ? offered : state.data.places_left}
      closedLabel={open ? null : availabilityLabel(state.data)}
      termsPoints={termsPoints}
      offerToken={offer?.token}
    />
  );
}

function Flow({
  event,
  placesLeft,
  closedLabel,
  termsPoints,
  offerToken,
}: {
  offerToken?: string | undefined;
  event: BookableEvent;
  placesLeft: number | null;
  /** Why the departure cannot be booked now ('Sold out', 'Booking opens …'), null when it is open. */
  closedLabel: string | null;
  termsPoints: readonly string[];
}) {
  const [step, setStep] = useState(0);
  const [choices, setChoices] = useState<Choices>({ travellers: [], rooms: {}, termsAccepted: false });
  const [booked, setBooked] = useState<{ booking: NewBooking; dueNowCents: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // Focus follows the step (not on the first render: the page's own heading comes first).
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step, booked]);

  const summary = (
    <section aria-labelledby="book-departure" className="border-border bg-card rounded-lg border p-5">
      <h2 id="book-departure" className="text-xl font-semibold">
        {event.title}
      </h2>
      <p className="text-muted-foreground text-sm">
        {formatOrdinalDate(event.start_date)} to {formatOrdinalDate(event.end_date)}
        {event.location ? ` · ${event.location}` : ''}
      </p>
      {closedLabel === null && placesLeft !== null && (
        <p className="mt-1 text-sm font-medium">
          {placesLeft} {placesLeft === 1 ? 'place' : 'places'} left
        </p>
      )}
    </section>
  );

  if (booked)
    return (
      <div className="space-y-6">
        {summary}
        <Booked
          ref={heading}
          booking={booked.booking}
          dueNowCents={booked.dueNowCents}
          names={choices.travellers.map((traveller) => traveller.full_name)}
        />
      </div>
    );
  if (closedLabel !== null || event.price_cents === null)
    return (
      <div className="space-y-6">
        {summary}
        <p role="alert" className="text-lg font-semibold">
          {closedLabel === null
            ? 'This departure has no price yet, so it cannot be booked online.'
            : `${closedLabel}: this departure cannot be booked online now.`}
        </p>
        <p>
          <a href="/events" className="text-primary font-medium underline">
            Browse other departures
          </a>
        </p>
      </div>
    );

  const steps = stepsFor(event.room_options.length > 0);
  const current = steps[step]?.key;
  const stepProps = {
    event: { ...event, price_cents: event.price_cents },
    placesLeft,
    choices,
    onChange: (next: Partial<Choices>) => setChoices((current) => ({ ...current, ...next })),
    onBack: () => setStep((current) => Math.max(0, current - 1)),
    onNext: () => setStep((current) => Math.min(steps.length - 1, current + 1)),
  };
  return (
    <div className="space-y-6">
      {summary}
      <nav aria-label="Booking steps">
        <ol className="flex flex-wrap gap-2 text-sm">
          {steps.map((item, index) => (
            <li
              key={item.key}
              aria-current={index === step ? 'step' : undefined}
              className={
                index === step
                  ? 'bg-primary text-primary-foreground rounded-full px-3 py-1 font-semibold'
                  : 'border-border text-muted-foreground rounded-full border px-3 py-1'
              }
            >
              {index + 1}. {item.title}
            </li>
          ))}
        </ol>
      </nav>
      <section aria-labelledby="book-step" className="space-y-4">
        <h2 id="book-step" ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {stepHeading(steps, step)}
        </h2>
        {current === 'travellers' && <TravellersStep {...stepProps} />}
        {current === 'rooms' && <RoomsStep {...stepProps} />}
        {current === 'price' && <PriceStep {...stepProps} />}
        {current === 'terms' && <TermsStep {...stepProps} points={termsPoints} />}
        {current === 'confirm' && (
          <ConfirmStep
            {...stepProps}
            offerToken={offerToken}
            onBooked={(booking, dueNowCents) => setBooked({ booking, dueNowCents })}
            onChooseAgain={() => setStep(0)}
          />
        )}
      </section>
    </div>
  );
}
