/**
 * The AutoPay terms a member consents to (issue 22, decision 0088), shown beside the tick box at the deposit
 * and on the payment plan page. The database keeps every version as members saw it (private.autopay_terms)
 * and refuses a consent to any but the latest; autopay-rules-agree.test.ts proves this text is that row's.
 * A new wording is a new version here and a new row there.
 */
export const AUTOPAY_TERMS = {
  version: 1,
  text:
    'I authorise you to charge each remaining instalment of this booking to the card I save, on its due date, ' +
    'for the amount then owing. You will e-mail me a few days before each charge and a receipt after it. ' +
    'If a charge fails, nothing on my booking changes and you will e-mail me a link to pay it myself. ' +
    'I can turn AutoPay off or change the card at any time on my payment plan page.',
} as const;
