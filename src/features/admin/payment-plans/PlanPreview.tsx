import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { addDays } from '../../../lib/format/calendarDate';
import { formatDate } from '../../../lib/format/dates';
import { formatAudCents } from '../../../lib/format/currency';
import { sydneyToday } from '../../../lib/format/today';
import { isCalendarDate } from '../events/event-rules';
import { previewPlan } from './payment-plans.data';
import type { PlanShape } from './plan-rules';

/** The example the preview books: one traveller, a $5,000 trip. */
const EXAMPLE_PRICE_CENTS = 500_000;

const control =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-foreground focus-visible:outline-3';

/**
 * The schedule the plan gives an example booking, as the database computes it (preview_payment_plan: the
 * same dates a real booking would get, the company's deposit, the 90-day rule). The admin may move the
 * example's departure and booking day to see a plan compress when the time is short.
 */
export function PlanPreview({ plan }: { plan: PlanShape | null }) {
  const id = useId();
  const today = sydneyToday();
  const [departure, setDeparture] = useState(addDays(today, 240));
  const [bookedOn, setBookedOn] = useState(today);
  const exampleOk = isCalendarDate(departure) && isCalendarDate(bookedOn) && bookedOn < departure;
  const preview = useQuery({
    queryKey: ['admin', 'payment-plans', 'preview', plan, departure, bookedOn],
    queryFn: () => previewPlan(plan!, { departure, bookedOn, priceCents: EXAMPLE_PRICE_CENTS }),
    enabled: plan !== null && exampleOk,
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-title`} className="border-border space-y-3 rounded-lg border p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Preview
      </h3>
      <p className="text-muted-foreground text-sm">
        What one traveller on a {formatAudCents(EXAMPLE_PRICE_CENTS)} trip would pay, and when, with the
        company&apos;s deposit.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-departure`} className="text-sm font-medium">
            Example departure
          </label>
          <input
            id={`${id}-departure`}
            type="date"
            className={control}
            value={departure}
            onChange={(event) => setDeparture(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-booked`} className="text-sm font-medium">
            Example booking day
          </label>
          <input
            id={`${id}-booked`}
            type="date"
            className={control}
            value={bookedOn}
            onChange={(event) => setBookedOn(event.target.value)}
          />
        </div>
      </div>
      <div aria-live="polite">
        {!exampleOk ? (
          <p className="text-sm">Choose a booking day before the departure.</p>
        ) : plan === null ? (
          <p className="text-sm">Complete the plan to see its schedule.</p>
        ) : preview.isError ? (
          <p className="text-destructive text-sm">We could not work out the schedule. Please try again.</p>
        ) : preview.data === undefined ? (
          <p className="text-sm">Working out the schedule…</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Example schedule</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Due
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Payment
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.data.map((line, index) => (
                <tr key={`${line.due_date}-${index}`} className="border-border border-t">
                  <td className="px-3 py-2">{formatDate(line.due_date)}</td>
                  <td className="px-3 py-2">
                    {line.is_deposit
                      ? 'Deposit'
                      : preview.data.length === 1
                        ? 'Everything (booked within 90 days of departure)'
                        : `Instalment ${index + (preview.data[0]?.is_deposit ? 0 : 1)}`}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatAudCents(line.amount_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
