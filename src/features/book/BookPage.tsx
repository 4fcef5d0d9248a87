import { useState } from 'react';
import { eventIdFrom } from './book';
import { DepartureFlow, type BookingFlowProps } from './BookingFlow';
import { offerTokenFrom } from './offer';
import { OfferFlow } from './OfferFlow';

/** /book: a departure's flow (?event=<id>), or a waitlist offer's (?offer=<token>, decision 0082). */
export function BookPage({ termsPoints }: BookingFlowProps) {
  const [search] = useState(() => window.location.search);
  const offerToken = offerTokenFrom(search);
  if (offerToken !== undefined) return <OfferFlow token={offerToken} termsPoints={termsPoints} />;
  return <DepartureFlow eventId={eventIdFrom(search)} termsPoints={termsPoints} />;
}
