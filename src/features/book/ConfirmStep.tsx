import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { showErrorToast } from '../../stores/toasts';
import { namesList, refusalOf, roomIdsFor, type Refusal } from './book';
import { bookDeparture, fetchTermsVersion, type NewBooking } from './book.data';
import { PriceTable, useSummary } from './PriceStep';
import type { StepProps } from './step-props';

/**
 * The last step: what is being booked, then one press books it (book_departure) to pay by bank transfer. A refusal
 * is shown here in the member's words; nothing they chose is lost, and 'Choose travellers again' re-reads
 * the places left.
 */
export function ConfirmStep({
  event,
  choices,
  onBack,
  offerToken,
  onBooked,
  onChooseAgain,
}: StepProps & {
  /** A waitlist offer's token: the booking takes the places it holds. */
  offerToken?: string | undefined;
  onBooked: (booking: NewBooking, dueNowCents: number) => void;
  onChooseAgain: () => void;
}) {
  const queryClient = useQueryClient();
  const { summary, lines } = useSummary(event, choices);
  const terms = useQuery({ queryKey: ['book', 'terms-version'], queryFn: () => fetchTermsVersion() });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const book = useMutation({
    mutationFn: (termsVersion: string) =>
      bookDeparture(
        event.id,
        choices.travellers.map((traveller) => traveller.id),
        termsVersion,
        roomIdsFor(choices.travellers, choices.rooms, event.room_options),
        offerToken,
      ),
    onSuccess: (booking) => onBooked(booking, summary?.dueNowCents ?? booking.deposit_cents),
    onError: (error) => {
      const found = refusalOf(error);
      setRefusal(found);
      if (!found) showErrorToast();
      // The terms may have changed meanwhile: read their version again for the next try.
      void queryClient.invalidateQueries({ queryKey: ['book', 'terms-version'] });
    },
  });

  const chooseAgain = () => {
    void queryClient.invalidateQueries({ queryKey: ['book', 'state', event.id] });
    onChooseAgain();
  };

  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Travellers</dt>
        <dd className="font-medium">
          {namesList(choices.travellers.map((traveller) => traveller.full_name))}
        </dd>
        <dt className="text-muted-foreground">Payment</dt>
        <dd className="font-medium">Bank transfer</dd>
      </dl>
      {summary && <PriceTable summary={summary} lines={lines} />}
      <p className="max-w-prose text-sm">
        When you book, we hold your places while your deposit reaches us by bank transfer. We show you our
        bank details and your payment reference on the next screen.
      </p>
      {refusal && (
        <div role="alert" className="border-destructive space-y-3 rounded-lg border-2 p-4">
          <p className="font-semibold">{refusal.message}</p>
          {refusal.soldOut && (
            <button type="button" className={buttonClass('outline')} onClick={chooseAgain}>
              Choose travellers again
            </button>
          )}
        </div>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onBack}>
          Back to terms
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={book.isPending || !terms.data || !choices.termsAccepted}
          onClick={() => terms.data && book.mutate(terms.data)}
        >
          {book.isPending ? 'Booking…' : 'Book and pay by bank transfer'}
        </button>
      </div>
      {terms.isError && (
        <p role="alert" className="text-destructive">
          We could not load the terms. Please check your connection and refresh the page.
        </p>
      )}
    </div>
  );
}
