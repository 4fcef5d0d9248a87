import type { ManifestEvent } from './active-events.data';
import { eventDatesLabel, placesLabel, unnamedPlaces } from './manifest';

const number = new Intl.NumberFormat('en-AU');

/** The event at the top of the manifest (printed too), and a warning when places have no name yet. */
export function ManifestSummary({ event }: { event: ManifestEvent }) {
  const unnamed = unnamedPlaces(event);
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="font-semibold">Dates</dt>
          <dd>{eventDatesLabel(event)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Location</dt>
          <dd>{event.location ?? 'Not set'}</dd>
        </div>
        <div>
          <dt className="font-semibold">Places sold</dt>
          <dd>{placesLabel(event)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Travellers named</dt>
          <dd>{number.format(event.travellers_named)}</dd>
        </div>
      </dl>
      {unnamed > 0 && (
        <p className="border-border rounded-md border px-3 py-2 text-sm">
          {unnamed === 1
            ? '1 place sold has no traveller named yet: that person is missing from this manifest.'
            : `${number.format(unnamed)} places sold have no traveller named yet: those people are missing from this manifest.`}
        </p>
      )}
    </div>
  );
}
