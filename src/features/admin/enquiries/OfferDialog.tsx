import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { DataError } from '../../../lib/supabase/data';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { offerWaitlistPlaces, type WaitlistRow } from './enquiries.data';
import { placesText } from './waitlist-offers';

/** The database's refusal as a sentence with its hint ('No places are free on this departure. Add …'). */
export function offerRefusal(error: unknown): string | null {
  if (!(error instanceof DataError) || (error.code !== '22023' && error.code !== 'P0002')) return null;
  const text = error.message.trim();
  const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
  return error.hint ? `${sentence} ${error.hint}` : sentence;
}

/**
 * 'Offer a place' on /admin/waitlist (decision 0082): how many places to hold for this person on the
 * entry's departure. The database checks they are free, holds them for the company's offer time (48 hours
 * by default) and e-mails the link; a refusal is shown in the dialog in the database's words.
 */
export function OfferDialog({
  open,
  row,
  onClose,
  onOffered,
}: {
  open: boolean;
  row: WaitlistRow;
  onClose: () => void;
  onOffered: () => void;
}) {
  const placesId = useId();
  const problemId = useId();
  const [places, setPlaces] = useState(1);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function offer(event: React.FormEvent) {
    event.preventDefault();
    if (!Number.isInteger(places) || places < 1 || places > 50) {
      setProblem('Offer between 1 and 50 places.');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await offerWaitlistPlaces(row.id, places);
      showToast({
        title: 'Offer sent',
        description: `${row.full_name} was e-mailed an offer of ${placesText(places)}.`,
        variant: 'success',
      });
      onOffered();
    } catch (error) {
      const refusal = offerRefusal(error);
      if (refusal) setProblem(refusal);
      else showErrorToast();
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open={open} title={`Offer a place to ${row.full_name}`} onClose={onClose}>
      <form onSubmit={(event) => void offer(event)} noValidate>
        <p className="mt-3">
          {row.full_name} ({row.email}) will be e-mailed a link that holds the places for them on the
          departure they are waiting for ({row.event_name}). If they have not booked when the offer runs out,
          the places go to the next person on the waitlist.
        </p>
        <div className="mt-4 flex flex-col gap-1">
          <label htmlFor={placesId} className="text-sm font-medium">
            Places to offer
          </label>
          <input
            id={placesId}
            type="number"
            min={1}
            max={50}
            className="border-border bg-background h-10 w-24 rounded-md border px-3"
            value={Number.isNaN(places) ? '' : places}
            onChange={(event) => setPlaces(event.target.valueAsNumber)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
          />
        </div>
        {problem && (
          <p id={problemId} role="alert" className="text-destructive mt-3 text-sm">
            {problem}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass('outline')} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Sending…' : 'Send the offer'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
