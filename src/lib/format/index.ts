export { addDays, parseIsoDate, parseYearMonth } from './calendarDate';
export { formatAudCents, formatAudDollars, formatPrice } from './currency';
export {
  COMPANY_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatDayMonth,
  nightsBetween,
  sydneyDate,
} from './dates';
export { formatMonth, formatOrdinalDate, ordinal } from './date-words';
export { badgeLabel, nightsLabel } from './trips';
export { hasEnded, isUpcoming, sydneyToday } from './today';
export { lengthCounter } from './counter';
