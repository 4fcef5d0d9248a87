import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { roomOptionLabel, roomsProblem } from './book';
import type { StepProps } from './step-props';

/**
 * The rooms step, only on a departure that offers rooms (decision 0077): one radio group per chosen
 * traveller, named by the traveller, each option with its supplement per traveller. Every traveller needs
 * a room before the price; the database checks it again.
 */
export function RoomsStep({ event, choices, onChange, onBack, onNext }: StepProps) {
  const [problem, setProblem] = useState<string | undefined>();
  const options = event.room_options;

  const choose = (travellerId: string, optionId: string) => {
    const rooms = { ...choices.rooms, [travellerId]: optionId };
    onChange({ rooms });
    // Once shown, the message follows the choice (it clears when every traveller has a room).
    if (problem !== undefined) setProblem(roomsProblem(choices.travellers, rooms, options));
  };

  const next = () => {
    const found = roomsProblem(choices.travellers, choices.rooms, options);
    setProblem(found);
    if (found === undefined) onNext();
  };

  return (
    <div className="space-y-4">
      <p className="text-muted-foreground max-w-prose">
        Choose a room for each traveller. A supplement is added to that traveller&rsquo;s price and paid with
        the balance.
      </p>
      {choices.travellers.map((traveller) => (
        <fieldset
          key={traveller.id}
          className="border-border space-y-2 rounded-md border p-3"
          aria-describedby={problem ? 'book-rooms-problem' : undefined}
        >
          <legend className="px-1 font-medium">{traveller.full_name}</legend>
          {options.map((option) => {
            const id = `book-room-${traveller.id}-${option.id}`;
            return (
              <div key={option.id} className="flex items-center gap-3">
                <input
                  id={id}
                  type="radio"
                  className="size-4"
                  name={`book-room-${traveller.id}`}
                  value={option.id}
                  checked={choices.rooms[traveller.id] === option.id}
                  onChange={() => choose(traveller.id, option.id)}
                />
                <label htmlFor={id}>{roomOptionLabel(option, event.currency)}</label>
              </div>
            );
          })}
        </fieldset>
      ))}
      {problem && (
        <p id="book-rooms-problem" role="alert" className="text-destructive font-medium">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onBack}>
          Back to travellers
        </button>
        <button type="button" className={buttonClass('primary')} onClick={next}>
          Continue to price
        </button>
      </div>
    </div>
  );
}
