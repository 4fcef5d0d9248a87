// A trip for tests, as the content module returns it.
import type { Trip } from '../../lib/content/types';

export const trip = (slug: string, order = 1, datesNote: string | null = null): Trip => ({
  _id: `trip-${slug}`,
  _type: 'trip',
  title: slug,
  slug,
  order,
  location: 'Somewhere',
  summary: 'A trip.',
  heroImage: null,
  gallery: null,
  datesNote,
  nights: 4,
  status: 'coming-soon',
  highlights: ['One'],
  inclusions: null,
  itineraryNote: null,
  learnMore: 'More.',
  hauntedSites: null,
  waitlistOpen: true,
  interestOpen: false,
});
