import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { sydneyToday } from '../../lib/format/today';
import { priceSummary, roomIdsFor, travellerPrices, type PriceSummary, type TravellerPrice } from './book';
import { fetchQuote } from './book.data';
import type { StepProps } from './step-props';

/**
 * The quote for this many travellers (and their rooms): one read, cached per departure, count and rooms
 * (the confirm step reuses it).
 */
export function useQuote(eventId: string, travellers: number, rooms: readonly string[] | undefined) {
  return useQuery({
    queryKey: ['book', 'quote', eventId, travellers, rooms ?? null],
    queryFn: () => fetchQuote(eventId, travellers, rooms),
  });
}

/**
 * The quote's figures for the step's departure and choices, formatted in the departure's currency, with
 * each traveller's price and room when the departure offers rooms.
 */
export function useSummary(event: StepProps['event'], choices: StepProps['choices']) {
  const count = choices.travellers.length;
  const rooms = roomIdsFor(choices.travellers, choices.rooms, event.room_options);
  const quote = useQuote(event.id, count, rooms);
  // The company's day decides what is due now, as the database's schedule does.
  const summary = quote.data
    ? priceSummary(event.price_cents, event.currency, count, quote.data, sydneyToday())
    : undefined;
  const lines = travellerPrices(
    event.price_cents,
    event.currency,
    choices.travellers,
    choices.rooms,
    event.room_options,
  );
  return { quote, summary, lines };
}

/**
 * The price step: the price per traveller (with their room's supplement when the departure offers rooms)
 * and in total, the deposit due now and the balance's instalments, as quote_booking schedules them today.
 */
export function PriceStep({ event, choices, onBack, onNext }: StepProps) {
  const { quote, summary, lines } = useSummary(event, choices);
  return (
    <div className="space-y-4">
      {quote.isPending ? (
        <p role="status" className="text-muted-foreground">
          Working out the price…
        </p>
      ) : quote.isError ? (
        <p role="alert" className="text-destructive">
          We could not work out the price. Please check your connection and try again.
        </p>
      ) : summary ? (
        <PriceTable summary={summary} lines={lines} />
      ) : (
        <p role="alert">This departure cannot be priced online. Please contact us to book it.</p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onBack}>
          {event.room_options.length > 0 ? 'Back to rooms' : 'Back to travellers'}
        </button>
        <button type="button" className={buttonClass('primary')} disabled={!summary} onClick={onNext}>
          Continue to terms
        </button>
      </div>
    </div>
  );
}

/** The figures; `lines` (each traveller's room and price) replace the one price per traveller when given. */
export function PriceTable({
  summary,
  lines = [],
}: {
  summary: PriceSummary;
  lines?: readonly TravellerPrice[];
}) {
  return (
    <div className="space-y-4">
      {lines.length > 0 && (
        <table className="w-full max-w-xl text-left text-sm" data-testid="book-traveller-prices">
          <caption className="mb-2 text-left font-medium">Price per traveller</caption>
          <thead>
            <tr className="border-border border-b">
              <th scope="col" className="py-2 pr-4">
                Traveller
              </th>
              <th scope="col" className="py-2 pr-4">
                Room
              </th>
              <th scope="col" className="py-2">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index} className="border-border border-b">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {line.name}
                </th>
                <td className="py-2 pr-4">{line.room}</td>
                <td className="py-2 tabular-nums">
                  {line.price}
                  {line.supplement && (
                    <span className="text-muted-foreground"> (includes {line.supplement} supplement)</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="book-price">
        {lines.length === 0 && (
          <>
            <dt className="text-muted-foreground">Price per traveller</dt>
            <dd className="font-medium tabular-nums">{summary.perTraveller}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Travellers</dt>
        <dd className="font-medium tabular-nums">{summary.travellers}</dd>
        <dt className="text-muted-foreground">Total</dt>
        <dd className="font-medium tabular-nums">{summary.total}</dd>
        <dt className="text-muted-foreground">{summary.later.length > 0 ? 'Deposit due now' : 'Due now'}</dt>
        <dd className="text-lg font-semibold tabular-nums">{summary.dueNow}</dd>
      </dl>
      {summary.later.length > 0 ? (
        <table className="w-full max-w-md text-left text-sm">
          <caption className="mb-2 text-left font-medium">Then the balance</caption>
          <thead>
            <tr className="border-border border-b">
              <th scope="col" className="py-2 pr-4">
                Due date
              </th>
              <th scope="col" className="py-2">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.later.map((line) => (
              <tr key={line.date} className="border-border border-b">
                <td className="py-2 pr-4">{line.date}</td>
                <td className="py-2 tabular-nums">{line.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm">The whole price is due now, as the departure is close.</p>
      )}
    </div>
  );
}
