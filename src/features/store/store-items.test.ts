import { describe, expect, it } from 'vitest';
import { filterOf, hasSizes, searchWith, storeItemOf, type StoreItemRow } from './store-items';

const ROW: StoreItemRow = {
  kind: 'merch',
  id: 'c1000000-0000-4000-8000-000000000001',
  slug: 'haunted-horizons-t-shirt',
  name: 'Haunted Horizons T-shirt',
  description: null,
  image_path: '/images/store/t-shirt.svg',
  price_cents: 2500,
  status: 'available',
  opens_on: null,
  starts_on: null,
  ends_on: null,
  location: null,
  variants: [{ id: 'c2000000-0000-4000-8000-000000000002', size: 'M', stock: 20 }],
};

describe('the store’s filter in the address', () => {
  it('reads ?show=events and ?show=merch, anything else shows all', () => {
    expect(filterOf('?show=events')).toBe('events');
    expect(filterOf('?show=merch&x=1')).toBe('merch');
    expect(filterOf('?show=EVENTS')).toBe('all');
    expect(filterOf('')).toBe('all');
  });

  it('writes the filter, leaving other parameters alone', () => {
    expect(searchWith('', 'events')).toBe('?show=events');
    expect(searchWith('?utm=mail&show=events', 'merch')).toBe('?utm=mail&show=merch');
    expect(searchWith('?show=merch', 'all')).toBe('');
  });
});

describe('a row of store_items', () => {
  it('becomes merchandise with its sizes', () => {
    const item = storeItemOf(ROW);
    expect(item).toMatchObject({ kind: 'merch', priceCents: 2500, status: 'available' });
    expect(item.kind === 'merch' && hasSizes(item)).toBe(true);
  });

  it('becomes a departure with its status and dates', () => {
    const event = storeItemOf({
      ...ROW,
      kind: 'event',
      status: 'coming-soon',
      price_cents: null,
      opens_on: '2027-03-01',
      starts_on: '2027-10-10',
      ends_on: '2027-10-23',
      variants: null,
    });
    expect(event).toMatchObject({
      kind: 'event',
      status: 'coming-soon',
      priceCents: null,
      opensOn: '2027-03-01',
    });
  });

  it('is refused when it breaks the function’s contract', () => {
    expect(() => storeItemOf({ ...ROW, status: 'booking' })).toThrow(/cannot show/);
    expect(() => storeItemOf({ ...ROW, variants: [{ id: 1 }] })).toThrow(/cannot read/);
  });
});
