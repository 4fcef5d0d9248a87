import { Link, Outlet } from '@tanstack/react-router';

/** The admin area's screens, in the order the company works through them. */
const NAV = [
  { to: '/admin', label: 'Overview', exact: true },
  { to: '/admin/customers', label: 'Customers', exact: false },
  { to: '/admin/events', label: 'Events', exact: false },
  { to: '/admin/active-events', label: 'Active events', exact: false },
  { to: '/admin/waitlist', label: 'Waitlist and enquiries', exact: false },
  { to: '/admin/event-updates', label: 'Event updates', exact: false },
  { to: '/admin/polls', label: 'Polls', exact: false },
  { to: '/admin/moderation', label: 'Moderation', exact: false },
  { to: '/admin/forms', label: 'Traveller forms', exact: false },
  { to: '/admin/management', label: 'Team and audit log', exact: false },
] as const;

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2';

/** The shell around every admin screen: the area's navigation, then the open screen. */
export function AdminLayout() {
  return (
    <div className="space-y-6">
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
      <Outlet />
    </div>
  );
}
