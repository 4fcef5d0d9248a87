import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { sydneyToday } from '../../lib/format/today';
import { priceSummary, type PriceSummary } from './book';
import { fetchQuote } from './book.data';
import type { StepProps } from './step-props';

/** The quote for this many travellers: one read, cached per departure and count (the confirm step reuses it). */
export function useQuote(eventId: string, travellers: number) {
  return useQuery({
    queryKey: ['book', 'quote', eventId, travellers],
    queryFn: () => fetchQuote(eventId, travellers),
  });
}

/** The quote's figures for the step's departure and choices, formatted in the departure's currency. */
export function useSummary(event: StepProps['event'], travellers: number) {
  const quote = useQuote(event.id, travellers);
  // The company's day decides what is due now, as the database's schedule does.
  const summary = quote.data
    ? priceSummary(event.price_cents, event.currency, travellers, quote.data, sydneyToday())
    : undefined;
  return { quote, summary };
}

/**
 * Step 2: the price per traveller and in total, the deposit due now and the balance's instalments, as
 * quote_booking schedules them today. (Rooms, when they come, change the quote's arguments here.)
 */
export function PriceStep({ event, choices, onBack, onNext }: StepProps) {
  const count = choices.travellers.length;
  const { quote, summary } = useSummary(event, count);
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
        <PriceTable summary={summary} />
      ) : (
        <p role="alert">This departure cannot be priced online. Please contact us to book it.</p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={buttonClass('outline')} onClick={onBack}>
          Back to travellers
        </button>
        <button type="button" className={buttonClass('primary')} disabled={!summary} onClick={onNext}>
          Continue to terms
        </button>
      </div>
    </div>
  );
}

export function PriceTable({ summary }: { summary: PriceSummary }) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="book-price">
        <dt className="text-muted-foreground">Price per traveller</dt>
        <dd className="font-medium tabular-nums">{summary.perTraveller}</dd>
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
