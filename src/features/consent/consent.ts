// The Spam Act 2003 box: unticked until the person ticks it, saying what they will get and that they can
// stop it. One wording for every form that asks (waitlist, interest, registration); the database keeps the
// answer and its time (supabase/migrations/20261124100001_marketing_consent.sql).

export const MARKETING_CONSENT_LABEL =
  'Send me news about trips and offers by e-mail. You can unsubscribe at any time.';

/** How a form keeps the box among its text values: ticked is 'yes', unticked is ''. */
export const CONSENT_TICKED = 'yes';

export function isConsentTicked(value: string): boolean {
  return value === CONSENT_TICKED;
}
