import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { $user } from '../../stores/session';
import { fetchWaitlistOffer } from './book.data';
import { DepartureFlow, type BookingFlowProps } from './BookingFlow';
import { offerAddressText, offerClosedText, offerHeldText } from './offer';

/**
 * /book?offer=<token> (decision 0082): the waitlist offer's link. An open offer sent to the signed-in
 * member's address leads into the booking flow on its departure, with the places it holds; an offer that
 * was used, withdrawn or ran out, a link that is no offer, or another account say so instead of the steps.
 * A visitor got here through the login page's Register tab and the confirmation link (`next` kept).
 */
export function OfferFlow({ token, termsPoints }: BookingFlowProps & { token: string | null }) {
  const user = useStore($user);
  const offer = useQuery({
    queryKey: ['book', 'offer', token],
    queryFn: () => fetchWaitlistOffer(token!),
    enabled: token !== null,
  });

  if (token === null || offer.data === null)
    return (
      <div role="alert" className="space-y-3">
        <p>
          This link is not an offer of places we can find. Check that the whole link from the e-mail was
          opened, or reply to the e-mail and we will help.
        </p>
        <p>
          <a href="/events" className="text-primary font-medium underline">
            Browse Events
          </a>
        </p>
      </div>
    );
  if (offer.isError)
    return (
      <p role="alert" className="text-destructive">
        The offer could not be loaded. Please check your connection and refresh the page.
      </p>
    );
  if (!offer.data)
    return (
      <p role="status" className="text-muted-foreground">
        Loading your offer…
      </p>
    );
  const closed = offerClosedText(offer.data);
  const otherAccount = offerAddressText(offer.data.email, user?.email);
  if (closed || otherAccount)
    return (
      <div role="alert" className="space-y-3">
        <h2 className="text-xl font-semibold">{offer.data.event_title}</h2>
        <p>{closed ?? otherAccount}</p>
        <p>
          <a href={closed ? '/dashboard' : '/events'} className="text-primary font-medium underline">
            {closed ? 'Go to your dashboard' : 'Browse Events'}
          </a>
        </p>
      </div>
    );
  return (
    <div className="space-y-6">
      <p role="status" className="border-primary bg-card rounded-lg border-l-4 p-4 font-medium">
        {offerHeldText(offer.data)}
      </p>
      <DepartureFlow
        eventId={offer.data.event_id}
        termsPoints={termsPoints}
        offer={{ token, details: offer.data }}
      />
    </div>
  );
}
