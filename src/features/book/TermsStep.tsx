import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import type { StepProps } from './step-props';

export const TERMS_NOT_ACCEPTED = 'Please accept the terms and conditions to book.';

/**
 * The terms step: the terms' key points (from the terms page's content) and a link to them in full, then a box the
 * member ticks themselves: it starts unticked, every time.
 */
export function TermsStep({
  choices,
  onChange,
  onBack,
  onNext,
  points,
}: StepProps & { points: readonly string[] }) {
  const [problem, setProblem] = useState(false);
  const next = () => {
    setProblem(!choices.termsAccepted);
    if (choices.termsAccepted) onNext();
  };
  return (
    <div className="space-y-4">
      {points.length > 0 && (
        <div>
          <p className="font-medium">The key points of our terms:</p>
          <ul className="mt-2 list-disc space-y-1 ps-6">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      )}
      <p>
        Please read the{' '}
        <a href="/terms" target="_blank" rel="noopener" className="text-primary font-medium underline">
          terms and conditions (opens in a new tab)
        </a>{' '}
        in full before you book.
      </p>
      <div className="flex items-start gap-3">
        <input
          id="book-accept-terms"
          type="checkbox"
          className="mt-1 size-4"
          checked={choices.termsAccepted}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'book-terms-problem' : undefined}
          onChange={(change) => {
            onChange({ termsAccepted: change.target.checked });
            if (change.target.checked) setProblem(false);
          }}
        />
        <label htmlFor="book-accept-terms">
          I have read and accept the terms and conditions, including the non-refundable deposit.
        </label>
      </div>
      {problem && (
        <p id="book-terms-problem" role="alert" className="text-destructive font-medium">
          {TERMS_NOT_ACCEPTED}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onBack}>
          Back to price
        </button>
        <button type="button" className={buttonClass('primary')} onClick={next}>
          Continue to confirm
        </button>
      </div>
    </div>
  );
}
