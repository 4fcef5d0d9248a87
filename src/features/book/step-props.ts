import type { BookableEvent } from './book.data';
import type { Choices } from './BookingFlow';

/** What every step of the booking flow is given: the departure, the places left and the choices so far. */
export interface StepProps {
  event: BookableEvent & { price_cents: number };
  /** null: places are not limited. */
  placesLeft: number | null;
  choices: Choices;
  onChange: (next: Partial<Choices>) => void;
  onBack: () => void;
  onNext: () => void;
}
