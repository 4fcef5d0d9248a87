// A departure for tests: the sample Tasmania trip's, with what the test says overridden.
import type { Departure } from './departure';

export function departure(overrides: Partial<Departure> & Pick<Departure, 'id' | 'startDate'>): Departure {
  return {
    slug: `d-${overrides.id}`,
    tripSlug: 'tasmania-paranormal-getaway',
    title: 'Tasmania Paranormal Getaway',
    description: null,
    location: null,
    status: 'published',
    endDate: overrides.startDate,
    priceCents: 120000,
    currency: 'AUD',
    capacity: 15,
    imagePaths: [],
    ...overrides,
  };
}
