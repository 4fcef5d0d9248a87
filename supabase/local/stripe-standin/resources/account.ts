import type { Handler } from '../api.ts';

/**
 * The account the secret key belongs to (`GET /v1/account`, https://docs.stripe.com/api/accounts/retrieve):
 * /admin/stripe-settings shows its display name so an admin sees which Stripe account the keys are for.
 * Only the fields our code and tests read, shaped as Stripe's Account object.
 */
export const retrieveAccount: Handler = (api) => ({
  id: api.state.account.id,
  object: 'account',
  type: 'standard',
  country: 'AU',
  default_currency: 'aud',
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  business_profile: { name: api.state.account.displayName, url: null },
  settings: { dashboard: { display_name: api.state.account.displayName, timezone: 'Australia/Sydney' } },
});
