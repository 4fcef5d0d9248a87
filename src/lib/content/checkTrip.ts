import { MAX_NIGHTS, MIN_NIGHTS, TRIP_STATUSES } from '../../../studio/schemaTypes/constants';
import { isYearMonth } from '../../../studio/schemaTypes/rules';
import { checkImage } from './checkImage';
import { FieldChecker } from './fieldChecker';
import type { Trip } from './types';

export function checkTrip(trip: Trip): Trip {
  const check = new FieldChecker(trip);
  check.text('title', trip.title);
  check.slug('slug', trip.slug);
  check.wholeNumber('order', trip.order, 1, Number.MAX_SAFE_INTEGER);
  check.text('location', trip.location);
  check.text('summary', trip.summary);
  checkImage(check, 'heroImage', trip.heroImage);
  check
    .optionalList('gallery', trip.gallery)
    ?.forEach((item, index) => checkImage(check, `gallery[${index}]`, item));
  if (trip.startDate === null && trip.startMonth === null)
    check.fail('startDate', 'or "startMonth" must be set');
  if (trip.startDate !== null && trip.startMonth !== null) {
    check.fail('startMonth', 'must be empty when "startDate" is set (give one, not both)');
  }
  if (trip.startDate !== null) check.isoDate('startDate', trip.startDate);
  if (trip.startMonth !== null && !isYearMonth(trip.startMonth)) {
    check.fail('startMonth', 'must be a month written as YYYY-MM');
  }
  check.wholeNumber('nights', trip.nights, MIN_NIGHTS, MAX_NIGHTS);
  check.oneOf('status', trip.status, TRIP_STATUSES);
  check.textList('highlights', trip.highlights, { min: 1 });
  if (trip.inclusions !== null) check.textList('inclusions', trip.inclusions);
  check.optionalText('itineraryNote', trip.itineraryNote);
  check.text('learnMore', trip.learnMore);
  check.optionalList('hauntedSites', trip.hauntedSites)?.forEach((item, index) => {
    const path = `hauntedSites[${index}]`;
    const site = check.object(path, item);
    for (const field of ['name', 'city', 'state', 'description']) check.text(`${path}.${field}`, site[field]);
  });
  check.boolean('waitlistOpen', trip.waitlistOpen);
  check.boolean('interestOpen', trip.interestOpen);
  return trip;
}
