import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { $user } from '../../stores/session';
import { showErrorToast, showToast } from '../../stores/toasts';
import type { TravellerInput } from '../travellers/traveller-rules';
import { EMPTY_TRAVELLER, toValues } from '../travellers/travellers';
import { listTravellers } from '../travellers/travellers.data';
import { ADULT_NEEDED, isMinorOn, travellersProblem, type PickableTraveller } from './book';
import { addTraveller } from './book.data';
import type { StepProps } from './step-props';

// Most members book people already saved: the form's code loads when one is added here.
const TravellerForm = lazy(() =>
  import('../travellers/TravellerForm').then((module) => ({ default: module.TravellerForm })),
);

/**
 * Step 1: who travels, from the member's saved travellers (themselves included), with a form to add one.
 * No more than the places left; the member is told at once when only under-18s are chosen.
 */
export function TravellersStep({ event, placesLeft, choices, onChange, onNext }: StepProps) {
  const userId = useStore($user)?.id ?? '';
  const queryClient = useQueryClient();
  const queryKey = ['travellers', userId];
  const saved = useQuery({ queryKey, queryFn: () => listTravellers(userId), enabled: !!userId });
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const chosenIds = new Set(choices.travellers.map((traveller) => traveller.id));

  const choose = (next: PickableTraveller[]) => {
    onChange({ travellers: next });
    // Once shown, the message follows the choice (it clears as soon as the choice is fine).
    if (problem !== undefined) setProblem(travellersProblem(next, placesLeft, event.start_date));
  };
  const toggle = (traveller: PickableTraveller, on: boolean) =>
    choose(
      on
        ? [...choices.travellers, traveller]
        : choices.travellers.filter((chosen) => chosen.id !== traveller.id),
    );

  const add = useMutation({
    mutationFn: (input: TravellerInput) => addTraveller(toValues(input)),
    onSuccess: async (id, input) => {
      const values = toValues(input);
      showToast({
        title: 'Traveller added',
        description: `${values.full_name} has been added to your travellers and to this booking.`,
        variant: 'success',
      });
      setAdding(false);
      choose([
        ...choices.travellers,
        { id, full_name: values.full_name, date_of_birth: values.date_of_birth },
      ]);
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: showErrorToast,
  });

  const onlyMinors =
    choices.travellers.length > 0 &&
    choices.travellers.every(
      (traveller) => traveller.date_of_birth && isMinorOn(traveller.date_of_birth, event.start_date),
    );

  const next = () => {
    const found = travellersProblem(choices.travellers, placesLeft, event.start_date);
    setProblem(found);
    if (found === undefined) onNext();
  };

  return (
    <div className="space-y-4">
      <p className="text-muted-foreground max-w-prose">
        Choose who is travelling, yourself included. Every traveller needs a date of birth, and anyone under
        18 travels with an adult on the same booking.
        {placesLeft !== null && ` Up to ${placesLeft} ${placesLeft === 1 ? 'traveller' : 'travellers'}.`}
      </p>
      {!saved.isSuccess ? (
        <QueryWaiting query={saved} what="travellers" />
      ) : (
        <fieldset className="space-y-2" aria-describedby={problem ? 'book-travellers-problem' : undefined}>
          <legend className="font-medium">Your travellers</legend>
          {saved.data.length === 0 && (
            <p className="text-muted-foreground">
              You have no saved travellers yet. Add the first one below.
            </p>
          )}
          <ul className="space-y-2">
            {saved.data.map((traveller) => {
              const id = `book-traveller-${traveller.id}`;
              const minor = traveller.date_of_birth && isMinorOn(traveller.date_of_birth, event.start_date);
              return (
                <li key={traveller.id} className="border-border flex items-start gap-3 rounded-md border p-3">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-4"
                    checked={chosenIds.has(traveller.id)}
                    onChange={(change) => toggle(traveller, change.target.checked)}
                  />
                  <label htmlFor={id} className="flex-1">
                    <span className="font-medium">{traveller.full_name}</span>
                    <span className="text-muted-foreground block text-sm">
                      {traveller.date_of_birth
                        ? `Born ${formatOrdinalDate(traveller.date_of_birth)}${minor ? ' · under 18 on departure' : ''}`
                        : 'No date of birth yet'}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {onlyMinors && problem === undefined && (
        <p role="status" className="text-sm font-medium">
          {ADULT_NEEDED}
        </p>
      )}
      {adding ? (
        <section aria-labelledby="book-add-traveller" className="border-border rounded-lg border p-4">
          <h3 id="book-add-traveller" className="mb-3 text-lg font-semibold">
            Add a traveller
          </h3>
          <Suspense
            fallback={
              <p role="status" className="text-muted-foreground">
                Loading the form…
              </p>
            }
          >
            <TravellerForm
              initial={EMPTY_TRAVELLER}
              submitLabel="Add traveller"
              onCancel={() => setAdding(false)}
              onSubmit={(input) => add.mutateAsync(input).then(noop, noop)}
            />
          </Suspense>
        </section>
      ) : (
        <button type="button" className={buttonClass('outline')} onClick={() => setAdding(true)}>
          Add a new traveller
        </button>
      )}
      {problem && (
        <p id="book-travellers-problem" role="alert" className="text-destructive font-medium">
          {problem}
        </p>
      )}
      <div className="flex justify-end">
        <button type="button" className={buttonClass('primary')} onClick={next}>
          {event.room_options.length > 0 ? 'Continue to rooms' : 'Continue to price'}
        </button>
      </div>
    </div>
  );
}

function noop(): void {}
