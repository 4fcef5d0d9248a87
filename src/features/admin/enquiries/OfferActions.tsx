import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { withdrawWaitlistOffer, type WaitlistRow } from './enquiries.data';
import { OfferDialog, offerRefusal } from './OfferDialog';
import { hasOpenOffer } from './waitlist-offers';

/**
 * A waitlist row's offer buttons (decision 0082): 'Offer a place' opens the offer dialog; an open offer
 * can be withdrawn instead (its places go to the next in line at the job's next run). The dialogs stay
 * mounted once opened, as the reply dialog does, so their toasts are not lost with them.
 */
export function OfferActions({ row, onChanged }: { row: WaitlistRow; onChanged: () => void }) {
  const [offering, setOffering] = useState<{ open: boolean; key: number }>();
  const [withdrawing, setWithdrawing] = useState(false);

  async function withdraw() {
    try {
      await withdrawWaitlistOffer(row.offer_id!);
      showToast({
        title: 'Offer withdrawn',
        description: `The places offered to ${row.full_name} are free again.`,
        variant: 'success',
      });
      setWithdrawing(false);
      onChanged();
    } catch (error) {
      const refusal = offerRefusal(error);
      if (refusal) showToast({ title: 'Not changed', description: refusal, variant: 'destructive' });
      else showErrorToast();
    }
  }

  return (
    <>
      {hasOpenOffer(row) ? (
        <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setWithdrawing(true)}>
          Withdraw offer
        </button>
      ) : (
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          onClick={() => setOffering({ open: true, key: (offering?.key ?? 0) + 1 })}
        >
          Offer a place
        </button>
      )}
      {offering && (
        <OfferDialog
          key={offering.key}
          open={offering.open}
          row={row}
          onClose={() => setOffering({ ...offering, open: false })}
          onOffered={() => {
            setOffering({ ...offering, open: false });
            onChanged();
          }}
        />
      )}
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw this offer?"
        message={`${row.full_name} will no longer be able to book with the offer's link, and the places go to the next person on the waitlist.`}
        confirmLabel="Withdraw offer"
        onConfirm={withdraw}
        onClose={() => setWithdrawing(false)}
      />
    </>
  );
}
