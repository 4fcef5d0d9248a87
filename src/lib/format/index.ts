export { addDays, parseIsoDate, parseYearMonth } from './calendarDate';
export { formatAudCents, formatAudDollars } from './currency';
export { formatMonth, formatOrdinalDate, nightsBetween, ordinal } from './dates';
export { badgeLabel, nightsLabel, tripDateLabel, tripEndDate, tripHasDeparted, tripOffers } from './trips';
export { hasEnded, isUpcoming, sydneyToday } from './today';
export { lengthCounter } from './counter';
