import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format/dates';
import { AdminPage } from '../ui/AdminPage';
import { CardSettingsSection } from './CardSettingsSection';
import { StripeDifferences } from './StripeDifferences';
import { fetchLastWebhook, fetchStripeStatus, type StripeStatus } from './stripe-settings.data';
import { WebhookCheck } from './WebhookCheck';
import { webhookResultText } from './webhook-words';

export const STATUS_KEY = ['admin', 'stripe-settings'];
export const LAST_WEBHOOK_KEY = ['admin', 'stripe-settings', 'last-webhook'];

/**
 * /admin/stripe-settings (decision 0089): whether Stripe is set up and for which account, what to enter in
 * Stripe's dashboard for the webhook, the last event it received, a check that Stripe reaches it, and the
 * card payment settings (cards on, surcharge), and the differences the hourly reconciliation found between
 * Stripe and the ledger (decision 0095). The keys are never shown: they live in the functions'
 * environment only.
 */
export function StripeSettingsPage() {
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => fetchStripeStatus(), retry: false });
  return (
    <AdminPage
      title="Stripe settings"
      description="Card payments through Stripe: the connection, the webhook, and whether members may pay by card."
    >
      {status.isPending ? (
        <p role="status">Asking Stripe…</p>
      ) : status.isError ? (
        <p role="alert" className="text-destructive">
          {status.error.message}
        </p>
      ) : (
        <>
          <Connection status={status.data} />
          <Webhook status={status.data} />
          <CardSettingsSection
            key={`${status.data.cards_enabled}-${status.data.card_surcharge_bps}`}
            status={status.data}
          />
          <StripeDifferences />
        </>
      )}
    </AdminPage>
  );
}

function Connection({ status }: { status: StripeStatus }) {
  const configured = status.secret_key_set && status.webhook_secret_set;
  const missing = [
    !status.secret_key_set && 'STRIPE_SECRET_KEY',
    !status.webhook_secret_set && 'STRIPE_WEBHOOK_SECRET',
  ].filter(Boolean);
  return (
    <section aria-labelledby="stripe-connection" className="space-y-3">
      <h3 id="stripe-connection" className="text-lg font-semibold">
        Connection
      </h3>
      <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Status</dt>
        <dd>
          {configured
            ? 'Configured'
            : `Not configured: set ${missing.join(' and ')} as Edge Function secrets (docs/deploy.md).`}
        </dd>
        <dt className="font-medium">Mode</dt>
        <dd>
          {status.mode === 'live'
            ? 'Live: real cards are charged'
            : status.mode === 'test'
              ? "Test: Stripe's test cards only, nobody is charged"
              : status.mode === 'unknown'
                ? 'Unknown: the secret key does not look like a Stripe key'
                : 'None yet'}
        </dd>
        <dt className="font-medium">Stripe account</dt>
        <dd>{status.account_name ?? status.account_problem ?? 'None yet'}</dd>
      </dl>
      <p className="text-muted-foreground text-sm">
        The secret key and the webhook&rsquo;s signing secret are kept in the Edge Functions&rsquo;
        environment only: they are never shown here or stored in the database.
      </p>
    </section>
  );
}

function Webhook({ status }: { status: StripeStatus }) {
  const last = useQuery({ queryKey: LAST_WEBHOOK_KEY, queryFn: () => fetchLastWebhook() });
  return (
    <section aria-labelledby="stripe-webhook" className="space-y-3">
      <h3 id="stripe-webhook" className="text-lg font-semibold">
        Webhook
      </h3>
      <p className="text-sm">
        In Stripe&rsquo;s dashboard (Developers, Webhooks), add an endpoint with this URL, and copy its
        signing secret into <code>STRIPE_WEBHOOK_SECRET</code>:
      </p>
      <p>
        <code className="bg-muted rounded px-2 py-1 text-sm break-all" data-testid="webhook-url">
          {status.webhook_url}
        </code>
      </p>
      <p className="text-sm">Select these events:</p>
      <ul className="list-disc pl-6 text-sm">
        {status.events.map((type) => (
          <li key={type}>
            <code>{type}</code>
          </li>
        ))}
      </ul>
      <h4 className="font-medium">Last webhook received</h4>
      {last.isPending ? (
        <p role="status" className="text-sm">
          Loading…
        </p>
      ) : last.isError ? (
        <p role="alert" className="text-destructive text-sm">
          We could not load the last webhook. Please refresh the page.
        </p>
      ) : last.data ? (
        <dl
          className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm"
          data-testid="last-webhook"
        >
          <dt className="font-medium">Received</dt>
          <dd>{formatDateTime(last.data.receivedAt)}</dd>
          <dt className="font-medium">Event</dt>
          <dd>
            <code>{last.data.type}</code>
          </dd>
          <dt className="font-medium">Result</dt>
          <dd>
            {webhookResultText(last.data.result)}
            {last.data.detail ? `: ${last.data.detail}` : ''}
          </dd>
        </dl>
      ) : (
        <p className="text-sm" data-testid="last-webhook">
          No webhook received yet.
        </p>
      )}
      <WebhookCheck ready={status.secret_key_set} />
    </section>
  );
}
