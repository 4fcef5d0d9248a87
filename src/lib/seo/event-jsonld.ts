export interface EventJsonLdInput {
  name: string;
  description: string;
  /** ISO date ('2026-02-12') or, for trips known only by month, ISO year-month ('2026-10'). */
  startDate: string;
  endDate?: string | null | undefined;
  /** Where the trip goes, as content names it, e.g. 'Tasmania, Australia'. */
  location: string;
  url: string;
  organizerName: string;
  organizerUrl: string;
}

/** The country is the last part of a location such as 'Hobart, Tasmania, Australia'. */
export function countryOf(location: string): string {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts[parts.length - 1] ?? location.trim();
}

/** schema.org Event for one trip, so search engines can show it as an event. */
export function eventJsonLd(input: EventJsonLdInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: input.name,
    description: input.description,
    startDate: input.startDate,
    ...(input.endDate ? { endDate: input.endDate } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: input.location,
      address: { '@type': 'PostalAddress', addressCountry: countryOf(input.location) },
    },
    organizer: { '@type': 'Organization', name: input.organizerName, url: input.organizerUrl },
    url: input.url,
  };
}
