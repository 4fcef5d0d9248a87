import { MAX_NIGHTS, MIN_NIGHTS, TRIP_STATUSES } from '../../../studio/schemaTypes/constants';
import { hasExactDateOrPrice } from '../../../studio/schemaTypes/rules';
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
  check.optionalText('datesNote', trip.datesNote);
  // Exact dates and prices come from the departures only (decision 0067).
  if (trip.datesNote !== null && hasExactDateOrPrice(trip.datesNote)) {
    check.fail('datesNote', 'must give a month or a season, not an exact date or a price');
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
