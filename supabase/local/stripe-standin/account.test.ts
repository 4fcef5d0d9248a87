import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sdkFor, startHarness, type Harness } from './sdk-helpers.ts';

/** The account behind the secret key (GET /v1/account) through the real stripe SDK. */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe('the account', () => {
  it("answers the key's own account with its display name, as Stripe's Account object", async () => {
    const account = await h.stripe.accounts.retrieveCurrent();
    expect(account.id).toMatch(/^acct_[A-Za-z0-9]+$/);
    expect(account.object).toBe('account');
    expect(account.settings?.dashboard.display_name).toBe('Stand-in test account');
    expect(account.business_profile?.name).toBe('Stand-in test account');
    expect(account.default_currency).toBe('aud');
    // The same account every time: the id is the key's, not made per call.
    expect((await h.stripe.accounts.retrieveCurrent()).id).toBe(account.id);
  });

  it('refuses a wrong key with 401, as every endpoint does', async () => {
    await expect(sdkFor(h.standin, 'sk_test_wrong').accounts.retrieveCurrent()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});
