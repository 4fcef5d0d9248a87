import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { $profile, $user } from '../../stores/session';
import { sydneyToday } from '../../lib/format/today';
import { BookingCard } from './BookingCard';
import { TIER_LABELS } from '../../lib/format/membership-tier';
import { computeTiles, greeting, isFirstVisit, type Tiles } from './dashboard';
import { fetchDashboard } from './dashboard.data';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import { MemberPolls } from '../polls/MemberPolls';
import { MyOrders } from '../orders/MyOrders';
import { TravellerFormTasks } from '../traveller-forms/TravellerFormTasks';

const TILES: { key: keyof Tiles; label: string; href?: string }[] = [
  { key: 'bookedEvents', label: 'Booked Events' },
  { key: 'publishedEvents', label: 'All Events Community' },
  { key: 'favourites', label: 'Favourites', href: '/customer-favorites' },
  { key: 'completedEvents', label: 'Completed Events', href: '/completed-events' },
];

/** The member's dashboard; rendered inside MemberRoot, so a user is signed in. */
export function Dashboard() {
  const user = useStore($user);
  const profile = useStore($profile);
  const userId = user?.id ?? '';
  const query = useQuery({
    queryKey: ['dashboard', userId],
    queryFn: () => fetchDashboard(userId),
    enabled: !!userId,
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby="greeting" className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="greeting" className="text-2xl font-semibold">
          {greeting(profile?.full_name, user !== null && isFirstVisit(user))}
        </h2>
        {profile && (
          <p className="text-sm">
            Membership:{' '}
            <span className="bg-secondary text-secondary-foreground rounded-full px-3 py-1 font-semibold">
              {TIER_LABELS[profile.membership_tier]}
            </span>
          </p>
        )}
      </section>
      {!query.isSuccess ? (
        <QueryWaiting query={query} what="bookings" />
      ) : (
        <DashboardBody data={query.data} />
      )}
      <MyOrders />
      <MemberPolls />
      <TravellerFormTasks userId={userId} />
    </div>
  );
}

function DashboardBody({ data }: { data: Awaited<ReturnType<typeof fetchDashboard>> }) {
  const today = sydneyToday();
  const tiles = computeTiles(data.bookings, data, today);
  return (
    <>
      <section aria-labelledby="summary">
        <h2 id="summary" className="sr-only">
          Summary
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {TILES.map((tile) => {
            const body = (
              <>
                <span className="text-muted-foreground block text-sm">{tile.label}</span>
                <span className="mt-1 block text-3xl font-bold tabular-nums">{tiles[tile.key]}</span>
              </>
            );
            const look = 'border-border bg-card text-card-foreground block h-full rounded-lg border p-4';
            return (
              <li key={tile.key} data-tile={tile.key}>
                {tile.href ? (
                  <a href={tile.href} className={`${look} hover:bg-muted`}>
                    {body}
                  </a>
                ) : (
                  <div className={look}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="bookings-title">
        <h2 id="bookings-title" className="text-xl font-semibold">
          Your Bookings
        </h2>
        {data.bookings.length === 0 ? (
          <div className="border-border mt-4 rounded-lg border border-dashed p-8 text-center">
            <p className="font-medium">You have no bookings yet.</p>
            <p className="text-muted-foreground mt-2 text-sm">
              Browse our upcoming trips and join the waitlist or book your first adventure.
            </p>
            <a href="/#adventures" className={buttonClass('primary', 'md', 'mt-4')}>
              See our upcoming trips
            </a>
          </div>
        ) : (
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            {data.bookings.map((booking) => (
              <BookingCard key={booking.id} booking={booking} today={today} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
