import { formatOrdinalDate } from '../../../lib/format/date-words';
import type { ManifestEvent, ManifestTraveller } from './active-events.data';
import { ageLabel, emergencyLabel } from './manifest';

const cell = 'px-3 py-2 align-top print:px-1 print:py-1';
const head = 'px-3 py-2 font-semibold whitespace-nowrap print:px-1';

/**
 * The travellers, one row each, by name. Not paged: a manifest is printed whole, and the page never holds
 * more than one event's travellers. On paper it keeps every column (no scrolling box) and black text.
 */
export function ManifestTable({
  event,
  travellers,
}: {
  event: ManifestEvent;
  travellers: ManifestTraveller[];
}) {
  return (
    <div className="border-border overflow-x-auto rounded-lg border print:overflow-visible print:border-0">
      <table className="w-full text-left text-sm print:text-xs">
        <caption className="sr-only">Travellers on {event.title}</caption>
        <thead className="bg-muted/50 print:bg-transparent">
          <tr>
            <th scope="col" className={head}>
              Traveller
            </th>
            <th scope="col" className={head}>
              Age on departure
            </th>
            <th scope="col" className={head}>
              Dietary notes
            </th>
            <th scope="col" className={head}>
              Medical notes
            </th>
            <th scope="col" className={head}>
              Emergency contact
            </th>
            <th scope="col" className={head}>
              Booking
            </th>
          </tr>
        </thead>
        <tbody>
          {travellers.length === 0 ? (
            <tr>
              <td colSpan={6} className="text-muted-foreground px-3 py-6 text-center">
                No traveller is named on this event&apos;s bookings yet.
              </td>
            </tr>
          ) : (
            travellers.map((traveller) => (
              <tr
                key={`${traveller.booking_id}:${traveller.traveller_id}`}
                className="border-border border-t"
              >
                <th scope="row" className={`${cell} font-medium`}>
                  {traveller.full_name}
                  <span className="text-muted-foreground block text-xs font-normal">
                    {traveller.date_of_birth
                      ? `Born ${formatOrdinalDate(traveller.date_of_birth)}`
                      : 'Date of birth not given'}
                    {traveller.phone && ` · ${traveller.phone}`}
                  </span>
                </th>
                <td className={cell}>{ageLabel(traveller)}</td>
                <td className={`${cell} whitespace-pre-line`}>{traveller.dietary_notes ?? '—'}</td>
                <td className={`${cell} whitespace-pre-line`}>{traveller.medical_notes ?? '—'}</td>
                <td className={cell}>{emergencyLabel(traveller) || '—'}</td>
                <td className={cell}>
                  {traveller.invoice_number}
                  {traveller.booked_by && (
                    <span className="text-muted-foreground block text-xs">
                      Booked by {traveller.booked_by}
                    </span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
