import { Link, Outlet } from '@tanstack/react-router';
import { createContext, useState } from 'react';

/** The admin area's screens, in the order the company works through them. */
const NAV = [
  { to: '/admin', label: 'Overview', exact: true },
  { to: '/admin/customers', label: 'Customers', exact: false },
  { to: '/admin/bookings', label: 'Bookings', exact: false },
  { to: '/admin/events', label: 'Events', exact: false },
  { to: '/admin/active-events', label: 'Active events', exact: false },
  { to: '/admin/manage-plan', label: 'Payment schedules', exact: false },
  { to: '/admin/waitlist', label: 'Waitlist and enquiries', exact: false },
  { to: '/admin/event-updates', label: 'Event updates', exact: false },
  { to: '/admin/polls', label: 'Polls', exact: false },
  { to: '/admin/moderation', label: 'Moderation', exact: false },
  { to: '/admin/forms', label: 'Traveller forms', exact: false },
  { to: '/admin/payment-plans', label: 'Payment plans', exact: false },
  { to: '/admin/payment-settings', label: 'Payment settings', exact: false },
  { to: '/admin/stripe-settings', label: 'Stripe settings', exact: false },
  { to: '/admin/merchandise', label: 'Merchandise', exact: false },
  { to: '/admin/store', label: 'Store orders', exact: false },
  { to: '/admin/management', label: 'Team and audit log', exact: false },
] as const;

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2';

/**
 * Lets AdminNotFound take the navigation away while it is shown: the site's 404 page has none. (The router
 * renders the not-found screen in this layout's Outlet.)
 */
export const AdminNavigationContext = createContext<(shown: boolean) => void>(() => {});

/**
 * The shell around every admin screen: the area's navigation, then the open screen. An address no screen
 * answers shows the site's 404 page alone (AdminNotFound), without the navigation.
 */
export function AdminLayout() {
  const [navigationShown, showNavigation] = useState(true);
  // The Outlet keeps its place whether the navigation shows or not, so the open screen is not remounted.
  return (
    <div className="space-y-6">
      {navigationShown && (
        <nav aria-label="Admin" className="border-border border-b pb-3 print:hidden">
          <ul className="flex flex-wrap gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  activeOptions={{ exact: item.exact }}
                  className={linkClass}
                  activeProps={{ 'aria-current': 'page', className: 'bg-muted' }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <AdminNavigationContext.Provider value={showNavigation}>
        <Outlet />
      </AdminNavigationContext.Provider>
    </div>
  );
}
