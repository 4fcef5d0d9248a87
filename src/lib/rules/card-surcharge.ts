// The card surcharge (issue 22, decision 0089): one rule for the admin's setting and for what a member sees
// before paying. The database says the same: the CHECK on private.card_payment_settings.surcharge_bps and
// private.card_surcharge_cents(); supabase/tests/database/card-surcharge-rules-agree.test.ts runs both.

/** 3%: a surcharge may not exceed the cost of accepting cards (RBA standard); Stripe's are below that. */
export const SURCHARGE_MAX_BPS = 300;

/** The surcharge on an amount: rounded down to the cent, so it never exceeds the percentage shown. */
export function cardSurchargeCents(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps) / 10000);
}

/** Basis points as a percentage people read: 120 → "1.2%", 175 → "1.75%", 100 → "1%". */
export function surchargePercentText(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The percentage an admin typed ("1.2", "1.2%", " 0 "), as basis points; undefined when it is not one. */
export function surchargeBps(value: string): number | undefined {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?\s*%?$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function surchargeProblem(value: string): string | undefined {
  if (!value.trim()) return 'Enter the surcharge, or 0 for none.';
  const bps = surchargeBps(value);
  if (bps === undefined) return 'Enter a percentage with up to two decimals, e.g. 1.2.';
  if (bps > SURCHARGE_MAX_BPS)
    return `A card surcharge is at most ${surchargePercentText(SURCHARGE_MAX_BPS)}: no more than what cards cost you.`;
  return undefined;
}
