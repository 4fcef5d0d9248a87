import type { Api } from './api.ts';
import { expireDue, payOnPage } from './resources/checkout.ts';
import type { StripeObject } from './state.ts';

/**
 * The stand-in for Stripe's hosted Checkout page at a session's `url`. Plain HTML forms, so every choice is
 * a button reachable with the keyboard: pay, a declined card, a card that asks for authentication (then
 * complete or fail it), a bank debit that settles later, and going back without paying (abandon).
 */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  const prefix = currency === 'aud' ? 'A$' : `${currency.toUpperCase()} `;
  return `${prefix}${(cents / 100).toFixed(2)}`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
form{margin:.5rem 0}button{font:inherit;padding:.5rem 1rem;min-width:100%;cursor:pointer}
button:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}[role=alert]{color:#a00000;font-weight:600}</style>
</head><body><main>${body}</main></body></html>`;
}

function button(action: string, label: string, primary = false): string {
  return `<form method="post" action="${escape(action)}"><button type="submit"${primary ? ' autofocus' : ''}>${escape(label)}</button></form>`;
}

export function sessionPage(session: StripeObject, error: string | null = null): string {
  const base = `/c/pay/${session.id}`;
  if (session['status'] === 'expired') {
    return layout(
      'Checkout expired',
      '<h1>This checkout session has expired</h1><p>Go back to the site and start again.</p>',
    );
  }
  if (session['status'] === 'complete') {
    return layout('Checkout complete', '<h1>This checkout session is complete</h1>');
  }
  const what =
    session['mode'] === 'setup'
      ? '<p>Save a card for later payments.</p>'
      : `<p>Amount due: <strong>${money(Number(session['amount_total']), String(session['currency']))}</strong></p>`;
  const choices =
    session['mode'] === 'setup'
      ? button(`${base}/pay`, 'Save card', true)
      : [
          button(`${base}/pay`, 'Pay', true),
          button(`${base}/decline`, 'Pay with a card that is declined'),
          button(`${base}/authenticate`, 'Pay with a card that needs authentication'),
          button(`${base}/delayed`, 'Pay by bank debit (settles later)'),
        ].join('');
  return layout(
    'Stripe Checkout (stand-in)',
    `<h1>Stripe Checkout (test stand-in)</h1>${what}${error ? `<p role="alert">${escape(error)}</p>` : ''}${choices}${button(`${base}/abandon`, 'Go back without paying')}`,
  );
}

function challengePage(session: StripeObject): string {
  const base = `/c/pay/${session.id}/authenticate`;
  return layout(
    'Authenticate your card',
    `<h1>Your bank asks you to confirm this payment</h1>${button(`${base}/complete`, 'Complete authentication', true)}${button(`${base}/fail`, 'Fail authentication')}`,
  );
}

export type PageAnswer = { status: number; html?: string; location?: string };

function redirectTo(url: unknown, session: StripeObject): PageAnswer {
  if (typeof url !== 'string')
    return { status: 200, html: layout('Done', '<h1>You can close this page</h1>') };
  return { status: 303, location: url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
}

/** Answers GET and POST under `/c/pay/<session id>/…`. */
export function checkoutPage(api: Api, method: string, parts: string[]): PageAnswer {
  expireDue(api);
  const session = api.state.find(parts[0] ?? '', 'checkout.session');
  if (!session) return { status: 404, html: layout('Not found', '<h1>Checkout session not found</h1>') };
  const action = parts.slice(1).join('/');
  if (method === 'GET' || session['status'] !== 'open') {
    return { status: session['status'] === 'open' ? 200 : 410, html: sessionPage(session) };
  }
  if (action === 'abandon') return redirectTo(session['cancel_url'], session);
  if (action === 'authenticate') return { status: 200, html: challengePage(session) };
  const outcomes: Record<string, Parameters<typeof payOnPage>[2]> = {
    pay: 'succeeds',
    decline: 'declined',
    'authenticate/complete': 'succeeds',
    delayed: 'delayed',
  };
  if (action === 'authenticate/fail') {
    return {
      status: 402,
      html: sessionPage(
        session,
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      ),
    };
  }
  const outcome = outcomes[action];
  if (!outcome) return { status: 404, html: layout('Not found', '<h1>Unknown action</h1>') };
  const declined = payOnPage(api, session, outcome);
  if (declined) return { status: 402, html: sessionPage(session, declined) };
  return redirectTo(session['success_url'], session);
}
