import { randomBytes } from 'node:crypto';

/**
 * Everything the stand-in remembers, in memory: the objects it has made (as Stripe returns them), the events
 * it has sent, and the switches tests turn on (a declined card, authentication required off-session).
 */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** How a saved card behaves when charged, as Stripe's test cards do (https://docs.stripe.com/testing). */
export type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'authentication_required';

export interface Switches {
  /** The next card charge (checkout or off-session) is declined with this decline code. */
  failNextCard: string | null;
  /** Every off-session charge fails with `authentication_required`, as a bank that wants 3D Secure does. */
  requireAuthenticationOffSession: boolean;
}

export class StandinState {
  readonly objects = new Map<string, StripeObject>();
  readonly events: StripeObject[] = [];
  /** The behaviour behind each payment method, kept apart so the objects stay Stripe-shaped. */
  readonly cardBehaviour = new Map<string, CardBehaviour>();
  readonly switches: Switches = { failNextCard: null, requireAuthenticationOffSession: false };

  /** The account the secret key belongs to (GET /v1/account); its name is what the Dashboard shows. */
  readonly account: { id: string; displayName: string };

  constructor(
    readonly apiVersion: string,
    accountName = 'Stand-in test account',
  ) {
    this.account = { id: this.newId('acct'), displayName: accountName };
  }

  /** Seconds tests have moved the stand-in's clock on (sessions past their expiry then expire). */
  clockOffset = 0;

  /** Seconds since the epoch, as every Stripe timestamp is. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  /** A Stripe-looking id: `cs_test_…` for Checkout Sessions (test mode), `pi_…` and so on elsewhere. */
  newId(prefix: string): string {
    const random = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
    return `${prefix}_${prefix === 'cs' ? 'test_' : ''}${random}`;
  }

  save<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  find(id: string, object: string): StripeObject | undefined {
    const found = this.objects.get(id);
    return found?.object === object ? found : undefined;
  }

  /** Reads the switch for the next card charge once, so it applies to one charge only. */
  takeFailNextCard(): string | null {
    const code = this.switches.failNextCard;
    this.switches.failNextCard = null;
    return code;
  }

  reset(): void {
    this.objects.clear();
    this.events.length = 0;
    this.cardBehaviour.clear();
    this.switches.failNextCard = null;
    this.switches.requireAuthenticationOffSession = false;
    this.clockOffset = 0;
  }
}
