import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const cardClass = 'border-border bg-card block h-full rounded-lg border p-4';
const linkClass = 'hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 transition-colors';

/** Where a figure's list lives in the admin area (the router checks each path and its search). */
export type KpiTarget =
  | { to: '/admin/customers' }
  | { to: '/admin/events'; search: { filter: string } }
  | { to: '/admin/active-events' }
  | { to: '/admin/moderation' }
  | { to: '/admin/waitlist'; search: { filter: string } }
  | { to: '/admin/merchandise' }
  | { to: '/admin/stripe-settings'; hash: string };

/** One figure: its name, the number, a line of detail; the whole card opens the list behind it. */
export function KpiCard({
  label,
  value,
  detail,
  target,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  /** No target: the figure has no list yet, and `detail` says where it will be handled. */
  target?: KpiTarget;
}) {
  const body = (
    <>
      <span className="text-muted-foreground block text-sm font-medium">{label}</span>
      <span className="mt-1 block text-3xl font-semibold tabular-nums" data-kpi-value>
        {value}
      </span>
      <span className="text-muted-foreground mt-1 block text-sm">{detail}</span>
    </>
  );
  return (
    <li data-kpi={label}>
      {target ? (
        // TanStack Router types each path's search; the union above names only lists that exist.
        <Link
          {...(target as { to: '/admin/waitlist'; search: { filter: string } })}
          className={`${cardClass} ${linkClass}`}
        >
          {body}
        </Link>
      ) : (
        <div className={cardClass}>{body}</div>
      )}
    </li>
  );
}
