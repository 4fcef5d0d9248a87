import type { Api } from './api.ts';
import { expireDue, expireSession, sessionFor, settleDelayed } from './resources/checkout.ts';
import { StripeError } from './errors.ts';
import type { IdempotencyStore } from './idempotency.ts';

/**
 * The tests' controls, under `/_standin/` (JSON in, JSON out; no Stripe counterpart): webhook endpoints,
 * holding and releasing deliveries (in reverse order too), redelivering an event (with a forged signature
 * if asked), the card switches, expiring a session now, settling a delayed payment, waiting until every
 * delivery has been answered, moving its clock on (sessions past their expiry expire), and a reset.
 */
export async function control(
  api: Api,
  idempotency: IdempotencyStore,
  method: string,
  parts: string[],
  body: Record<string, unknown>,
): Promise<unknown> {
  const [what, id, verb] = parts;
  const key = `${method} ${what}${verb ? `/${verb}` : ''}`;
  switch (key) {
    case 'POST reset':
      api.state.reset();
      api.webhooks.deliveries.length = 0;
      idempotency.clear();
      return { ok: true };
    case 'POST webhook_endpoints':
      api.webhooks.endpoints.push({
        url: String(body['url']),
        secret: String(body['secret']),
        ...(Array.isArray(body['events']) ? { events: body['events'].map(String) } : {}),
      });
      return { endpoints: api.webhooks.endpoints.length };
    case 'POST webhooks':
      if (id === 'hold') {
        api.webhooks.hold();
        return { holding: true };
      }
      return { released: api.webhooks.release(body['order'] === 'reverse' ? 'reverse' : 'created') };
    case 'GET deliveries':
      return { data: api.webhooks.deliveries };
    case 'GET idle':
      await api.webhooks.idle();
      return { idle: true };
    case 'POST switches':
      if ('fail_next_card' in body) {
        api.state.switches.failNextCard =
          body['fail_next_card'] === null ? null : String(body['fail_next_card']);
      }
      if ('require_authentication_off_session' in body) {
        api.state.switches.requireAuthenticationOffSession =
          body['require_authentication_off_session'] === true;
      }
      return api.state.switches;
    case 'POST events/redeliver': {
      const event = api.state.events.find((candidate) => candidate.id === id);
      if (!event)
        throw new StripeError(404, { type: 'invalid_request_error', message: `No such event: '${id}'` });
      const times = Math.min(Math.max(Number(body['times'] ?? 1), 1), 20);
      for (let i = 0; i < times; i += 1) {
        api.webhooks.redeliver(event, { forgeSignature: body['forge_signature'] === true });
      }
      return { redelivered: times };
    }
    case 'POST clock': {
      const seconds = Number(body['advance_seconds']);
      if (!Number.isInteger(seconds) || seconds < 0) {
        throw new StripeError(400, {
          type: 'invalid_request_error',
          message: 'advance_seconds: a whole number, 0 or more',
        });
      }
      api.state.clockOffset += seconds;
      expireDue(api);
      return { now: api.state.now() };
    }
    case 'POST checkout_sessions/expire':
      return expireSession(api, sessionFor(api, id ?? ''));
    case 'POST checkout_sessions/settle':
      return settleDelayed(api, sessionFor(api, id ?? ''), body['succeeded'] !== false);
    default:
      throw new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unknown control: ${method} ${parts.join('/')}`,
      });
  }
}
