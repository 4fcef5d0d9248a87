import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { departure } from '../../lib/departures/departure-fixture';
import type { TripDepartures } from '../../lib/departures/departure';
import DepartureList from './DepartureList.astro';
import TripActions from './TripActions.astro';
import TripFacts from './TripFacts.astro';
import { trip } from './trip-fixture';

// Decision 0067, rendered: what a trip page offers with and without a departure on sale.

const vietnam = {
  ...trip('vietnam-battlefield-tour', 2, 'October, dates to be confirmed'),
  interestOpen: true,
};
const none: TripDepartures = { upcoming: [], past: [] };
const next = departure({
  id: 'next',
  slug: 'vietnam-battlefield-tour-2027-10-10',
  startDate: '2027-10-10',
  endDate: '2027-10-23',
  priceCents: 495000,
  imagePaths: ['a0000000-0000-4000-8000-000000000001/1700000000000.jpg'],
});
const last = departure({ id: 'last', startDate: '2026-10-10', endDate: '2026-10-23' });
const onSale: TripDepartures = { upcoming: [next], past: [last] };

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a trip with no departure on sale stays marketable', () => {
  it('offers the waitlist for the next departure and the interest form', async () => {
    const html = await container.renderToString(TripActions, { props: { trip: vietnam, departures: none } });
    expect(text(html)).toContain('Join the waitlist for the next departure');
    expect(text(html)).toContain('Register Interest');
  });

  it('shows its dates note instead of a date, and says no departure is on sale', async () => {
    const facts = text(
      await container.renderToString(TripFacts, { props: { trip: vietnam, departures: none } }),
    );
    expect(facts).toContain('Departures October, dates to be confirmed');
    expect(facts).not.toContain('Price');
    const list = text(
      await container.renderToString(DepartureList, { props: { trip: vietnam, departures: none } }),
    );
    expect(list).toContain('No departure is on sale yet (October, dates to be confirmed).');
  });

  it('says "Dates to be announced" without a note', async () => {
    const facts = await container.renderToString(TripFacts, {
      props: { trip: { ...vietnam, datesNote: null }, departures: none },
    });
    expect(text(facts)).toContain('Dates to be announced');
  });
});

describe('a trip with a departure on sale', () => {
  it('shows the next departure’s date and price, never the dates note, and a place for its live state', async () => {
    const html = await container.renderToString(TripFacts, { props: { trip: vietnam, departures: onSale } });
    expect(text(html)).toContain('Next departure 10th October, 2027');
    expect(text(html)).toContain('$4,950.00 per person');
    expect(text(html)).not.toContain('dates to be confirmed');
    expect(html).toContain('data-departure-state="next"');
    const actions = await container.renderToString(TripActions, {
      props: { trip: vietnam, departures: onSale },
    });
    expect(text(actions)).toContain('Join Waitlist');
  });

  it('lists it with its nights, price, picture and page, and the past one as departed', async () => {
    const html = await container.renderToString(DepartureList, {
      props: { trip: vietnam, departures: onSale },
    });
    expect(text(html)).toContain('10th to 23rd October, 2027');
    expect(text(html)).toContain('13 Nights · $4,950.00 per person');
    expect(html).toContain('href="/event-details/vietnam-battlefield-tour-2027-10-10"');
    expect(html).toMatch(
      /<img[^>]*src="[^"]*\/storage\/v1\/object\/public\/event-images\/a0000000-0000-4000-8000-000000000001\/1700000000000\.jpg"[^>]*width="96"[^>]*height="72"/,
    );
    expect(text(html)).toContain('10th to 23rd October, 2026 · Departed');
  });
});
