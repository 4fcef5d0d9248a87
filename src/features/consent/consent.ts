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

/**
 * What a form adds to its thanks when the box was ticked (decision 0059): trip news starts only once the
 * address's holder follows the link we e-mail. The form never says whether the address had confirmed
 * before, so it cannot be used to find that out.
 */
export const CONFIRM_TRIP_NEWS_NOTE = 'Check your inbox to confirm trip news.';

/**
 * Whether ticking the box sends a confirmation e-mail: not when a signed-in member gives their own account
 * address (signing in proved it, so the database confirms it at once).
 */
export function asksToConfirm(ticked: boolean, email: string, memberEmail: string): boolean {
  const own = memberEmail !== '' && email.trim().toLowerCase() === memberEmail.trim().toLowerCase();
  return ticked && !own;
}

/** A form's thanks, with the confirmation note when the box was ticked. */
export function withConsentNote(description: string, consented: boolean): string {
  return consented ? `${description} ${CONFIRM_TRIP_NEWS_NOTE}` : description;
}

/** The confirmation page's answers (/confirm-subscription); only 'confirmed' knows the address. */
export function confirmationAnswer(answer: {
  outcome: 'confirmed' | 'already' | 'expired' | 'invalid' | 'error';
  email: string | null;
}): { title: string; text: string } {
  switch (answer.outcome) {
    case 'confirmed':
      return {
        title: 'Trip news confirmed',
        text: `You'll get news about trips and offers at ${answer.email ?? 'your address'}. Every e-mail has an unsubscribe link.`,
      };
    case 'already':
      return {
        title: 'Already confirmed',
        text: 'This link has been used. Trip news is on for this address unless you have unsubscribed since.',
      };
    case 'expired':
      return {
        title: 'This link has expired',
        text: 'Confirmation links work for 7 days. Tick the trip news box on a form again and we will send a new one.',
      };
    case 'invalid':
      return {
        title: 'This link is not valid',
        text: 'It may be incomplete, or replaced by a newer one. Use the link from our latest e-mail as it is.',
      };
    case 'error':
      return {
        title: 'Something went wrong',
        text: 'We could not confirm trip news just now. Please try again.',
      };
  }
}
