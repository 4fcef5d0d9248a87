import { formatDayMonth } from '../../../lib/format/dates';
import type { MoneyTotals, UpcomingDeparture } from './overview.data';

const COUNT = new Intl.NumberFormat('en-AU');

export const formatCount = (value: number): string => COUNT.format(value);

/** Cents in their own currency, the Australian way ("$2,400.00", "US$90.00"). */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(cents / 100);
}

/** "$1,500.00 + US$90.00": one amount per currency, AUD first; "$0.00" when nothing was booked. */
export function moneyLine(money: readonly MoneyTotals[], pick: (row: MoneyTotals) => number): string {
  const rows = [...money].sort((a, b) => Number(b.currency === 'AUD') - Number(a.currency === 'AUD'));
  const parts = rows.filter((row) => pick(row) !== 0).map((row) => formatMoney(pick(row), row.currency));
  return parts.length > 0 ? parts.join(' + ') : formatMoney(0, 'AUD');
}

/** "7 of 12" or "7 (no limit)" for a departure without a capacity. */
export function placesLabel(departure: Pick<UpcomingDeparture, 'sold' | 'capacity'>): string {
  return departure.capacity === null
    ? `${formatCount(departure.sold)} (no limit)`
    : `${formatCount(departure.sold)} of ${formatCount(departure.capacity)}`;
}

/** "24 Nov" for a week's Monday (a calendar date, shown as written, whatever the browser's zone). */
export const weekLabel = (isoDate: string): string => formatDayMonth(isoDate);
