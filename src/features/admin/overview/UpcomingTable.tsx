import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatOrdinalDate } from '../../../lib/format/dates';
import { formatCount, placesLabel } from './overview';
import type { UpcomingDeparture } from './overview.data';

/** The first departures shown; the rest behind 'Show all', so the charts stay in view. */
const FIRST_ROWS = 10;

/** Upcoming departures (published, from today): places sold against capacity and enquiries per event. */
export function UpcomingTable({ departures }: { departures: readonly UpcomingDeparture[] }) {
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? departures : departures.slice(0, FIRST_ROWS);
  if (departures.length === 0)
    return <p className="text-muted-foreground">No published departures from today on.</p>;
  return (
    <div className="space-y-3">
      <div className="border-border overflow-x-auto rounded-lg border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Upcoming departures</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Departure
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Starts
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Places sold
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Waitlist
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Interest
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((departure) => (
              <tr key={departure.id} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link
                    to="/admin/event-management"
                    search={{ id: departure.id }}
                    className="underline-offset-4 hover:underline"
                  >
                    {departure.title}
                  </Link>
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{formatOrdinalDate(departure.start_date)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{placesLabel(departure)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCount(departure.waitlist)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCount(departure.interest)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {departures.length > FIRST_ROWS && (
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          aria-expanded={showAll}
          onClick={() => setShowAll((value) => !value)}
        >
          {showAll ? `Show the first ${FIRST_ROWS}` : `Show all ${formatCount(departures.length)} departures`}
        </button>
      )}
    </div>
  );
}
