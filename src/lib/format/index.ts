export { addDays, parseIsoDate, parseYearMonth } from './calendarDate';
export { formatAudCents, formatAudDollars } from './currency';
export { formatMonth, formatOrdinalDate, nightsBetween, ordinal } from './dates';
export { badgeLabel, nightsLabel, tripDateLabel, tripEndDate } from './trips';
export { lengthCounter } from './counter';
