import type { TripCopy } from './event-details';

function List({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** The trip's marketing copy from Sanity, with a link to its full page (the itinerary lives there). */
export function TripCopySection({ trip }: { trip: TripCopy }) {
  return (
    <section aria-labelledby="trip-copy-title" className="mt-8">
      <h2 id="trip-copy-title" className="text-2xl font-semibold">
        About This Trip
      </h2>
      <p className="mt-3">{trip.summary}</p>
      {trip.learnMore && <p className="mt-3">{trip.learnMore}</p>}
      {trip.itineraryNote && <p className="mt-3 text-sm font-medium italic">{trip.itineraryNote}</p>}
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <List title="Highlights" items={trip.highlights} />
        <List title="Inclusions" items={trip.inclusions ?? []} />
        <List title="Haunted sites" items={trip.sites} />
      </div>
      <p className="mt-6">
        <a href={`/tours/${trip.slug}`} className="text-primary font-medium underline">
          The full trip page<span className="sr-only">: {trip.title}</span>
        </a>
      </p>
    </section>
  );
}
