import { useId } from 'react';
import { AUTOPAY_TERMS } from '../../lib/rules/autopay';

/**
 * The AutoPay tick box with its terms beside it (decision 0088). Ticking it consents to this version of the
 * terms, which the database stores with the time and the member when the card page opens.
 */
export function AutopayConsent({ onChange }: { onChange: (termsVersion: number | null) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4"
        aria-describedby={`${id}-terms`}
        onChange={(event) => onChange(event.target.checked ? AUTOPAY_TERMS.version : null)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          Charge my saved card on each due date (AutoPay)
        </label>
        <p id={`${id}-terms`} className="text-muted-foreground text-sm">
          {AUTOPAY_TERMS.text}
        </p>
      </div>
    </div>
  );
}
