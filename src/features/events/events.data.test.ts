import { describe, expect, it } from 'vitest';
import { withEventFrom, type EventsPage } from './events.data';

const event = (id: string) => ({
  id,
  slug: id,
  trip_slug: null,
  title: id,
  location: null,
  start_date: '2027-01-01',
  end_date: '2027-01-03',
});

describe('withEventFrom: a live change patches one event into the page', () => {
  const page: EventsPage = {
    events: [event('e1'), event('e2')],
    reactions: {
      counts: [
        { event_id: 'e1', reaction_type: 'ghost', total: 2 },
        { event_id: 'e2', reaction_type: 'ghost', total: 5 },
      ],
      mine: [{ event_id: 'e1', reaction_type: 'ghost' }],
    },
    follows: ['e1', 'e2'],
  };

  it('takes that event’s counts, own reactions and follow from its re-read, and keeps the others', () => {
    const one: EventsPage = {
      events: [event('e1')],
      reactions: { counts: [{ event_id: 'e1', reaction_type: 'flame', total: 1 }], mine: [] },
      follows: [],
    };
    expect(withEventFrom(page, 'e1', one)).toEqual({
      events: page.events,
      reactions: {
        counts: [
          { event_id: 'e2', reaction_type: 'ghost', total: 5 },
          { event_id: 'e1', reaction_type: 'flame', total: 1 },
        ],
        mine: [],
      },
      follows: ['e2'],
    });
  });
});
