import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { $user } from '../../stores/session';
import { showErrorToast, showToast } from '../../stores/toasts';
import { ADD_TO_BOOKING_RULES } from './travellers';
import {
  linkTraveller,
  listBookingTravellers,
  listTravellers,
  unlinkTraveller,
  type BookingTraveller,
} from './travellers.data';

/** The calendar day before an ISO date ('2027-03-01' → '2027-02-28'). */
function dayBefore(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * Who travels on a booking. The booking's owner names their own travellers on it (or takes them off) and
 * edits their details until the departure's cut-off (`closesOn`, Sydney's day; the database enforces it:
 * decision 0073); anyone else allowed to read it (an admin) sees the list only.
 */
export function BookingTravellers({
  bookingId,
  ownerId,
  closesOn = null,
  today = '',
  active = true,
}: {
  bookingId: string;
  ownerId: string;
  /** The day the member's changes close (null: not known, no notice shown). */
  closesOn?: string | null;
  today?: string;
  /** A pending or confirmed booking: the cut-off applies to these only. */
  active?: boolean;
}) {
  const userId = useStore($user)?.id ?? '';
  const closed = active && closesOn !== null && today >= closesOn;
  const isOwner = userId === ownerId && !closed;
  const queryClient = useQueryClient();
  const queryKey = ['booking-travellers', bookingId];
  const linked = useQuery({ queryKey, queryFn: () => listBookingTravellers(bookingId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const remove = useMutation({
    mutationFn: (traveller: BookingTraveller) => unlinkTraveller(bookingId, traveller.id),
    onSuccess: (_result, traveller) => {
      showToast({
        title: 'Traveller removed from booking',
        description: `${traveller.full_name} is no longer named on this booking.`,
        variant: 'success',
      });
      return refresh();
    },
    onError: showErrorToast,
  });

  return (
    <section aria-labelledby="booking-travellers" className="border-border bg-card rounded-lg border p-5">
      <h2 id="booking-travellers" className="text-xl font-semibold">
        Who is travelling
      </h2>
      {linked.isPending ? (
        <p role="status" className="text-muted-foreground mt-2">
          Loading travellers…
        </p>
      ) : linked.isError ? (
        <p role="alert" className="text-destructive mt-2">
          We could not load the travellers on this booking.
        </p>
      ) : linked.data.length === 0 ? (
        <p className="text-muted-foreground mt-2">No travellers are named on this booking yet.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {linked.data.map((traveller) => (
            <li key={traveller.id} className="flex items-center justify-between gap-2">
              <span>{traveller.full_name}</span>
              {isOwner && (
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Remove ${traveller.full_name} from this booking`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(traveller)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {userId === ownerId && active && closesOn && (
        <p className="text-muted-foreground mt-3 text-sm" data-testid="traveller-cut-off">
          {closed
            ? `Changes to who travels and their details closed on ${formatOrdinalDate(closesOn)}. Contact us and we will make a change for you.`
            : `You can change who travels and their details until ${formatOrdinalDate(dayBefore(closesOn))}.`}
          {!closed && (
            <>
              {' '}
              <a href="/customer-management" className="text-primary underline">
                Edit traveller details
              </a>
            </>
          )}
        </p>
      )}
      {isOwner && linked.isSuccess && (
        <AddTraveller bookingId={bookingId} userId={userId} linked={linked.data} onAdded={refresh} />
      )}
    </section>
  );
}

function AddTraveller({
  bookingId,
  userId,
  linked,
  onAdded,
}: {
  bookingId: string;
  userId: string;
  linked: BookingTraveller[];
  onAdded: () => Promise<void>;
}) {
  const mine = useQuery({ queryKey: ['travellers', userId], queryFn: () => listTravellers(userId) });
  const { field, submitting, reset, handleSubmit } = useSubmitForm({
    rules: ADD_TO_BOOKING_RULES,
    empty: { travellerId: '' },
    send: async ({ travellerId }) => {
      try {
        await linkTraveller(bookingId, travellerId);
      } catch {
        showErrorToast();
        return false;
      }
      const name = mine.data?.find((traveller) => traveller.id === travellerId)?.full_name ?? 'The traveller';
      showToast({
        title: 'Traveller added to booking',
        description: `${name} is now named on this booking.`,
        variant: 'success',
      });
      // The choice empties at once; the button stays busy until the list shows the traveller.
      reset();
      await onAdded();
      return false;
    },
  });
  if (!mine.isSuccess) return null;
  const linkedIds = new Set(linked.map((traveller) => traveller.id));
  const available = mine.data.filter((traveller) => !linkedIds.has(traveller.id));
  if (mine.data.length === 0)
    return (
      <p className="text-muted-foreground mt-4 text-sm">
        Add the people you travel with in{' '}
        <a href="/customer-management" className="text-primary underline">
          My travellers
        </a>{' '}
        to name them on this booking.
      </p>
    );
  if (available.length === 0) return null;

  const choice = field('travellerId');
  return (
    <form noValidate onSubmit={handleSubmit} className="mt-4 flex flex-wrap items-end gap-2">
      <div className="space-y-1.5">
        <label htmlFor="add-traveller" className="block text-sm font-medium">
          Add a traveller to this booking
        </label>
        <select
          id="add-traveller"
          name={choice.name}
          value={choice.value}
          onChange={(event) => choice.onChange(event.target.value)}
          aria-invalid={choice.error ? true : undefined}
          aria-describedby={choice.error ? 'add-traveller-error' : undefined}
          className="border-border bg-background text-foreground h-11 rounded-md border px-3 focus-visible:outline-3 focus-visible:outline-offset-1"
        >
          <option value="">Choose a traveller</option>
          {available.map((traveller) => (
            <option key={traveller.id} value={traveller.id}>
              {traveller.full_name}
            </option>
          ))}
        </select>
        {choice.error ? (
          <p id="add-traveller-error" className="text-destructive text-sm">
            {choice.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass('outline')} disabled={!choice.value || submitting}>
        {submitting ? 'Adding...' : 'Add to booking'}
      </button>
    </form>
  );
}
