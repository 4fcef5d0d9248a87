import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { AdminPage } from '../ui/AdminPage';
import { KpiCard } from './KpiCard';
import { formatCount, moneyLine } from './overview';
import { fetchAdminOverview, type AdminOverview } from './overview.data';
import { JOB_RUNS_QUERY_KEY, JobRunsSection } from './JobRunsSection';
import { UpcomingTable } from './UpcomingTable';

// recharts is most of this screen's code: it loads after the figures, in its own chunk.
const OverviewCharts = lazy(() => import('./OverviewCharts'));

export const OVERVIEW_QUERY_KEY = ['admin', 'overview'] as const;

/** /admin: the company at a glance, every figure from one request, each opening the list behind it. */
export function OverviewPage() {
  const query = useQuery({ queryKey: OVERVIEW_QUERY_KEY, queryFn: () => fetchAdminOverview() });
  const queryClient = useQueryClient();
  return (
    <AdminPage
      title="Overview"
      description="Members, departures, enquiries and money, from live data. Each figure opens its list."
      actions={
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={query.isFetching}
          onClick={() => {
            void query.refetch();
            void queryClient.invalidateQueries({ queryKey: [...OVERVIEW_QUERY_KEY, 'low-stock'] });
            void queryClient.invalidateQueries({ queryKey: JOB_RUNS_QUERY_KEY });
          }}
        >
          {query.isFetching && !query.isPending ? 'Refreshing…' : 'Refresh'}
        </button>
      }
    >
      {query.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the figures…
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-destructive">
          We could not load the figures. Please refresh the page to try again.
        </p>
      ) : (
        <OverviewBody overview={query.data} />
      )}
    </AdminPage>
  );
}

function OverviewBody({ overview }: { overview: AdminOverview }) {
  const count = formatCount;
  return (
    <div className="space-y-8">
      <ul aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <KpiCard
          label="Members"
          value={count(overview.members)}
          detail={`${count(overview.new_members_this_month)} new this month`}
          target={{ to: '/admin/customers' }}
        />
        <KpiCard
          label="Upcoming departures"
          value={count(overview.upcoming_count)}
          detail="Published, starting today or later"
          target={{ to: '/admin/events', search: { filter: 'published' } }}
        />
        <KpiCard
          label="Active events"
          value={count(overview.active_count)}
          detail="Running or departing within 60 days"
          target={{ to: '/admin/active-events' }}
        />
        <KpiCard
          label="Waitlist entries"
          value={count(overview.waitlist_total)}
          detail="People waiting for a place"
          target={{ to: '/admin/waitlist', search: { filter: 'waitlist' } }}
        />
        <KpiCard
          label="Interest registrations"
          value={count(overview.interest_total)}
          detail="Asked to hear about a trip"
          target={{ to: '/admin/waitlist', search: { filter: 'interest' } }}
        />
        <KpiCard
          label="Unanswered messages"
          value={count(overview.unanswered_messages)}
          detail="Contact messages not yet handled"
          target={{ to: '/admin/waitlist', search: { filter: 'contact' } }}
        />
        <KpiCard
          label="Money collected"
          value={moneyLine(overview.money, (row) => row.collected_cents)}
          detail={`Outstanding: ${moneyLine(overview.money, (row) => row.outstanding_cents)}. Each customer's bookings show their balance.`}
          target={{ to: '/admin/customers' }}
        />
        <KpiCard
          label="Comments awaiting moderation"
          value={count(overview.flagged_comments)}
          detail="Comments and replies members reported"
          target={{ to: '/admin/moderation' }}
        />
        <KpiCard
          label="Sizes low on stock"
          value={count(overview.low_stock_sizes)}
          detail={`${count(overview.low_stock_threshold)} or fewer left, in products the store shows`}
          target={{ to: '/admin/merchandise' }}
        />
        <KpiCard
          label="Differences with Stripe"
          value={count(overview.stripe_differences_open)}
          detail="Card payments and refunds Stripe and the ledger disagree on, checked hourly"
          target={{ to: '/admin/stripe-settings', hash: 'differences' }}
        />
      </ul>

      <section aria-labelledby="overview-upcoming" className="space-y-3">
        <h3 id="overview-upcoming" className="text-lg font-semibold">
          Upcoming departures
        </h3>
        <UpcomingTable departures={overview.upcoming} />
      </section>

      <section aria-labelledby="overview-trends" className="space-y-3">
        <h3 id="overview-trends" className="text-lg font-semibold">
          The last twelve weeks
        </h3>
        <Suspense
          fallback={
            <p role="status" className="text-muted-foreground">
              Loading the charts…
            </p>
          }
        >
          <OverviewCharts weeks={overview.weeks} />
        </Suspense>
      </section>

      <JobRunsSection />
    </div>
  );
}
