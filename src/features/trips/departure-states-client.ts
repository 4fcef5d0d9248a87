// The trip pages' live state (decision 0067): one read of departure_availability for every departure the page
// shows, written into their DepartureState placeholders. A failed read leaves them empty: the static page is
// complete without it.
import { availabilityLabel, fetchAvailability } from '../../lib/departures/availability';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/supabase/config';

export async function fillDepartureStates(root: ParentNode, fetcher: typeof fetch = fetch): Promise<void> {
  const slots = [...root.querySelectorAll<HTMLElement>('[data-departure-state]')];
  const ids = [...new Set(slots.map((slot) => slot.dataset['departureState'] ?? ''))].filter(Boolean);
  if (ids.length === 0) return;
  let rows;
  try {
    rows = await fetchAvailability(SUPABASE_URL, SUPABASE_ANON_KEY, ids, fetcher);
  } catch {
    return;
  }
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  for (const slot of slots) {
    const row = byId.get(slot.dataset['departureState'] ?? '');
    if (!row) continue;
    slot.textContent = availabilityLabel(row);
    slot.dataset['state'] = row.state;
  }
  // A departure on sale gets its Book button (decision 0072); the others keep theirs hidden.
  for (const link of root.querySelectorAll<HTMLElement>('[data-book-departure]')) {
    if (byId.get(link.dataset['bookDeparture'] ?? '')?.state === 'open') link.classList.remove('invisible');
  }
}
