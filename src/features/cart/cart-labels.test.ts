import { describe, expect, it } from 'vitest';
import type { StoreItem } from '../store/store-items';
import { labelLines } from './cart-labels';
import { sentence, shownLines } from './cart-sheet-view';

const SHIRT_M = 'c2000000-0000-4000-8000-000000000002';
const CAP = 'c2000000-0000-4000-8000-000000000005';
const GONE = 'c2000000-0000-4000-8000-0000000000ff';

const ITEMS: StoreItem[] = [
  {
    kind: 'merch',
    id: 'c1000000-0000-4000-8000-000000000001',
    slug: 'haunted-horizons-t-shirt',
    name: 'Haunted Horizons T-shirt',
    description: null,
    imagePath: null,
    priceCents: 2500,
    status: 'available',
    variants: [{ id: SHIRT_M, size: 'M', stock: 3 }],
  },
  {
    kind: 'merch',
    id: 'c1000000-0000-4000-8000-000000000002',
    slug: 'haunted-horizons-cap',
    name: 'Haunted Horizons Cap',
    description: null,
    imagePath: null,
    priceCents: 2000,
    status: 'sold-out',
    variants: [{ id: CAP, size: null, stock: 0 }],
  },
];

describe('a refused cart’s lines', () => {
  it('are named from the store’s list with what stops each being bought', () => {
    expect(
      labelLines(
        [
          { variantId: SHIRT_M, quantity: 5 },
          { variantId: CAP, quantity: 1 },
          { variantId: GONE, quantity: 1 },
        ],
        ITEMS,
      ),
    ).toEqual([
      {
        variantId: SHIRT_M,
        quantity: 5,
        label: 'Haunted Horizons T-shirt (M)',
        stock: 3,
        problem: 'Only 3 left.',
      },
      { variantId: CAP, quantity: 1, label: 'Haunted Horizons Cap', stock: 0, problem: 'Sold out.' },
      {
        variantId: GONE,
        quantity: 1,
        label: 'An item no longer in the store',
        stock: null,
        problem: 'No longer available.',
      },
    ]);
  });
});

describe('the sheet’s words', () => {
  it('shows a member’s line with what one costs, what it was, and its GST', () => {
    const [line] = shownLines({
      lines: [
        {
          variant_id: SHIRT_M,
          product_id: 'c1000000-0000-4000-8000-000000000001',
          name: 'Haunted Horizons T-shirt',
          size: 'M',
          quantity: 2,
          stock: 30,
          unit_price_cents: 2500,
          unit_discount_cents: 250,
          line_total_cents: 4500,
          gst_cents: 409,
        },
      ],
      discount_percent: 10,
      subtotal_cents: 5000,
      discount_cents: 500,
      total_cents: 4500,
      gst_cents: 409,
    });
    expect(line).toEqual({
      variantId: SHIRT_M,
      quantity: 2,
      label: 'Haunted Horizons T-shirt (M)',
      total: '$45.00',
      detail: '$22.50 each (was $25.00), includes $4.09 GST',
      max: 20,
    });
  });

  it('turns the database’s message into a sentence', () => {
    expect(sentence('only 6 of Haunted Horizons T-shirt (XL) left')).toBe(
      'Only 6 of Haunted Horizons T-shirt (XL) left.',
    );
    expect(sentence('Sold out.')).toBe('Sold out.');
  });
});
