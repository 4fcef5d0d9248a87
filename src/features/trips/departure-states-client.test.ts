import { describe, expect, it } from 'vitest';
import type { DepartureAvailability } from '../../lib/departures/availability';
import { fillDepartureStates } from './departure-states-client';

// The trip pages' live states, and the Book button each departure gets only while it is open (decision
// 0072). A stand-in for the page: just what the script reads and writes of its elements.
function element(data: Record<string, string>, classes: string[] = []) {
  const classNames = new Set(classes);
  return {
    dataset: { ...data } as Record<string, string | undefined>,
    textContent: '',
    classList: { remove: (name: string) => classNames.delete(name) },
    classNames,
  };
}

function page(ids: string[]) {
  const slots = ids.map((id) => element({ departureState: id }));
  const links = ids.map((id) => element({ bookDeparture: id }, ['invisible']));
  const root = {
    querySelectorAll: (selector: string) =>
      selector === '[data-departure-state]' ? slots : selector === '[data-book-departure]' ? links : [],
  } as unknown as ParentNode;
  return { root, slots, links };
}

const answer = (rows: DepartureAvailability[]) =>
  (async () => Response.json(rows)) as unknown as typeof fetch;

describe('fillDepartureStates', () => {
  it('writes each state and shows the Book button of the open departures only', async () => {
    const { root, slots, links } = page(['open', 'full', 'later']);
    await fillDepartureStates(
      root,
      answer([
        { event_id: 'open', state: 'open', places_left: 3, opens_on: null },
        { event_id: 'full', state: 'sold-out', places_left: 0, opens_on: null },
        { event_id: 'later', state: 'opens', places_left: 10, opens_on: '2027-03-01' },
      ]),
    );
    expect(slots.map((slot) => slot.textContent)).toEqual([
      '3 places left',
      'Sold out',
      'Booking opens 1st March, 2027',
    ]);
    expect(links.map((link) => link.classNames.has('invisible'))).toEqual([false, true, true]);
  });

  it('keeps every Book button hidden when the read fails', async () => {
    const { root, links } = page(['open']);
    await fillDepartureStates(
      root,
      (async () => new Response('', { status: 500 })) as unknown as typeof fetch,
    );
    expect(links[0]?.classNames.has('invisible')).toBe(true);
  });
});
