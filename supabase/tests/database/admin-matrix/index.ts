import type { MatrixPart } from '../matrix-cells.ts';
import { ACTIVE_MATRIX } from './active.ts';
import { ADMIN_BOOKINGS_MATRIX } from './admin-bookings.ts';
import { AFTER_BOOKING_MATRIX } from './after-booking.ts';
import { BOOKINGS_MATRIX } from './bookings.ts';
import { AUTOPAY_MATRIX } from './autopay.ts';
import { CARD_CHECKOUT_MATRIX } from './card-checkout.ts';
import { CARD_PAYMENTS_MATRIX } from './card-payments.ts';
import { CARD_REFUNDS_MATRIX } from './card-refunds.ts';
import { CUSTOMERS_MATRIX } from './customers.ts';
import { ENQUIRIES_MATRIX } from './enquiries.ts';
import { INVOICES_MATRIX } from './invoices.ts';
import { EVENTS_MATRIX } from './events.ts';
import { MODERATION_MATRIX } from './moderation.ts';
import { OPERATOR_CANCELLATIONS_MATRIX } from './operator-cancellations.ts';
import { ORDER_REFUNDS_MATRIX } from './order-refunds.ts';
import { OVERVIEW_MATRIX } from './overview.ts';
import { PAYMENT_PLANS_MATRIX } from './payment-plans.ts';
import { POLLS_MATRIX } from './polls.ts';
import { REMINDERS_MATRIX } from './reminders.ts';
import { STORE_MATRIX } from './store.ts';
import { STRIPE_RECONCILIATION_MATRIX } from './stripe-reconciliation.ts';
import { STRIPE_SETTINGS_MATRIX } from './stripe-settings.ts';
import { STORE_ORDERS_MATRIX } from './store-orders.ts';
import { TEAM_MATRIX } from './team.ts';
import { UPDATES_MATRIX } from './updates.ts';
import { TRAVELLER_FORMS_MATRIX } from './traveller-forms.ts';
import { WAITLIST_OFFERS_MATRIX } from './waitlist-offers.ts';

/** The admin area's rows of the authorization matrix, one part per screen group (issue 10). */
export const ADMIN_MATRIX_PARTS: MatrixPart[] = [
  TEAM_MATRIX,
  CUSTOMERS_MATRIX,
  EVENTS_MATRIX,
  ACTIVE_MATRIX,
  ENQUIRIES_MATRIX,
  OVERVIEW_MATRIX,
  UPDATES_MATRIX,
  POLLS_MATRIX,
  MODERATION_MATRIX,
  TRAVELLER_FORMS_MATRIX,
  BOOKINGS_MATRIX,
  ADMIN_BOOKINGS_MATRIX,
  INVOICES_MATRIX,
  PAYMENT_PLANS_MATRIX,
  AFTER_BOOKING_MATRIX,
  REMINDERS_MATRIX,
  CARD_PAYMENTS_MATRIX,
  WAITLIST_OFFERS_MATRIX,
  CARD_CHECKOUT_MATRIX,
  STORE_MATRIX,
  STRIPE_SETTINGS_MATRIX,
  STORE_ORDERS_MATRIX,
  CARD_REFUNDS_MATRIX,
  AUTOPAY_MATRIX,
  STRIPE_RECONCILIATION_MATRIX,
  OPERATOR_CANCELLATIONS_MATRIX,
  ORDER_REFUNDS_MATRIX,
];
