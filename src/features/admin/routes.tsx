import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  stringifySearchWith,
} from '@tanstack/react-router';
import { AdminLayout } from './AdminLayout';
import { AdminNotFound } from './AdminNotFound';
import { validateBookingSearch } from './bookings/booking-search';
import { validateEnquirySearch } from './enquiries/enquiry-search';
import { PageLoading } from './PageLoading';
import { validateEditorSearch, validateListSearch } from './search';
import { validateOrderSearch } from './store/order-search';
import { validateAuditSearch } from './team/audit-search';

/**
 * The admin area's client-side routes. Each screen is its own chunk, fetched the first time its route opens
 * (PageLoading shows meanwhile), so the shell stays small. Payment plans, the store and payment
 * settings come with the booking and store issues; moderation, event updates, polls and forms with part 2.
 */
const rootRoute = createRootRoute({ component: AdminLayout, notFoundComponent: AdminNotFound });

const overviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('./overview/OverviewPage'), 'OverviewPage'),
});
const managementRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/management',
  validateSearch: validateAuditSearch,
  component: lazyRouteComponent(() => import('./team/ManagementPage'), 'ManagementPage'),
});
const customersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/customers',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./customers/CustomersPage'), 'CustomersPage'),
});
const customerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/customers/$customerId',
  component: lazyRouteComponent(() => import('./customers/CustomerPage'), 'CustomerPage'),
});
const bookingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings',
  validateSearch: validateBookingSearch,
  component: lazyRouteComponent(() => import('./bookings/BookingsPage'), 'BookingsPage'),
});
// Bank transfers to pay back after the company cancelled a departure (decision 0096); a static segment, so
// it wins over $bookingId.
const bankRefundsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings/refunds',
  component: lazyRouteComponent(() => import('./bookings/BankRefundsPage'), 'BankRefundsPage'),
});
const bookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings/$bookingId',
  component: lazyRouteComponent(() => import('./bookings/BookingPage'), 'BookingPage'),
});
const eventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/events',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./events/EventsPage'), 'EventsPage'),
});
const eventEditorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/event-management',
  validateSearch: validateEditorSearch,
  component: lazyRouteComponent(() => import('./events/EventEditorPage'), 'EventEditorPage'),
});
const activeEventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/active-events',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./events/ActiveEventsPage'), 'ActiveEventsPage'),
});
const manifestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/active-events/$eventId/manifest',
  component: lazyRouteComponent(() => import('./events/ManifestPage'), 'ManifestPage'),
});
const waitlistRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/waitlist',
  validateSearch: validateEnquirySearch,
  component: lazyRouteComponent(() => import('./enquiries/WaitlistPage'), 'WaitlistPage'),
});
const eventUpdatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/event-updates',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./updates/EventUpdatesPage'), 'EventUpdatesPage'),
});
const pollsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/polls',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./polls/PollsPage'), 'PollsPage'),
});
const moderationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/moderation',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./moderation/ModerationPage'), 'ModerationPage'),
});
const managePlanRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/manage-plan',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./schedules/ManagePlanPage'), 'ManagePlanPage'),
});
const managePlanBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/manage-plan/$bookingId',
  component: lazyRouteComponent(() => import('./schedules/ManagePlanBookingPage'), 'ManagePlanBookingPage'),
});
const travellerFormsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/forms',
  component: lazyRouteComponent(() => import('./traveller-forms/TravellerFormsPage'), 'TravellerFormsPage'),
});
const stripeSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/stripe-settings',
  component: lazyRouteComponent(() => import('./stripe-settings/StripeSettingsPage'), 'StripeSettingsPage'),
});
const paymentPlansRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/payment-plans',
  component: lazyRouteComponent(() => import('./payment-plans/PaymentPlansPage'), 'PaymentPlansPage'),
});
const createPaymentPlanRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/create-payment-plan',
  validateSearch: validateEditorSearch,
  component: lazyRouteComponent(
    () => import('./payment-plans/CreatePaymentPlanPage'),
    'CreatePaymentPlanPage',
  ),
});

const paymentSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/payment-settings',
  component: lazyRouteComponent(
    () => import('./payment-settings/PaymentSettingsPage'),
    'PaymentSettingsPage',
  ),
});
const merchandiseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/merchandise',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(() => import('./merchandise/MerchandisePage'), 'MerchandisePage'),
});
const productEditorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/merchandise/product',
  validateSearch: validateEditorSearch,
  component: lazyRouteComponent(() => import('./merchandise/ProductEditorPage'), 'ProductEditorPage'),
});
const storeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/store',
  validateSearch: validateOrderSearch,
  component: lazyRouteComponent(() => import('./store/OrdersPage'), 'OrdersPage'),
});
const orderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/store/$orderId',
  component: lazyRouteComponent(() => import('./store/OrderPage'), 'OrderPage'),
});

const routeTree = rootRoute.addChildren([
  overviewRoute,
  managementRoute,
  customersRoute,
  customerRoute,
  bookingsRoute,
  bankRefundsRoute,
  bookingRoute,
  eventsRoute,
  eventEditorRoute,
  activeEventsRoute,
  manifestRoute,
  waitlistRoute,
  eventUpdatesRoute,
  pollsRoute,
  moderationRoute,
  travellerFormsRoute,
  paymentSettingsRoute,
  stripeSettingsRoute,
  managePlanRoute,
  managePlanBookingRoute,
  paymentPlansRoute,
  createPaymentPlanRoute,
  merchandiseRoute,
  productEditorRoute,
  storeRoute,
  orderRoute,
]);

export function createAdminRouter() {
  return createRouter({
    routeTree,
    defaultPendingComponent: PageLoading,
    // Search values are text as typed: `?q=12345` searches for "12345" (the router's default turns it into
    // the number 12345, which the schema would drop). Numbers such as `page` are coerced by the schemas.
    parseSearch: (searchText) => Object.fromEntries(new URLSearchParams(searchText)),
    stringifySearch: stringifySearchWith(JSON.stringify),
    // A trailing slash (/admin/customers/) opens the same screen.
    trailingSlash: 'never',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
