import { describe, expect, it } from 'vitest';
import { productImageUrl } from '../../store/product-image';
import {
  EMPTY_PRODUCT,
  lowSizes,
  newSizeSchema,
  productFormSchema,
  settingsSchema,
  sizeName,
  stockChangeOf,
  stockChangeSchema,
  toProductForm,
  toProductValues,
  toSettings,
  totalStock,
  type AdminProduct,
} from './merchandise';
import { sentence } from './merchandise.data';

const MUG: AdminProduct = {
  id: 'p1',
  slug: 'ouija-mug',
  name: 'Ouija Mug',
  description: null,
  image_path: null,
  visible: true,
  price_cents: 2495,
  position: 0,
  variants: [
    { id: 'v1', size: 'Small', stock: 0, position: 1 },
    { id: 'v2', size: 'Large', stock: 5, position: 2 },
    { id: 'v3', size: null, stock: 30, position: 3 },
  ],
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the product form', () => {
  it('saves trimmed text, an empty description as null and the price in whole cents', () => {
    const form = {
      ...EMPTY_PRODUCT,
      name: '  Ouija Mug ',
      description: ' ',
      price: '$1,024.5',
      visible: true,
    };
    expect(productFormSchema.safeParse(form).success).toBe(true);
    expect(toProductValues(form)).toEqual({
      name: 'Ouija Mug',
      description: null,
      price_cents: 102450,
      visible: true,
      image_path: null,
    });
  });

  it('shows a saved product as it was typed: dollars with cents', () => {
    expect(toProductForm(MUG)).toEqual({
      name: 'Ouija Mug',
      description: '',
      price: '24.95',
      visible: true,
      image_path: null,
    });
    expect(toProductValues(toProductForm(MUG)).price_cents).toBe(2495);
  });

  it('refuses a missing name, a price of nothing or too many cents, in words', () => {
    expect(messages(productFormSchema.safeParse({ ...EMPTY_PRODUCT, price: '0' }))).toEqual([
      'Please enter the product name.',
      'The price must be from $0.01 to $10,000.',
    ]);
    expect(messages(productFormSchema.safeParse({ ...EMPTY_PRODUCT, name: 'Mug', price: '24.999' }))).toEqual(
      ['Enter the price in dollars, such as 24.99.'],
    );
  });
});

describe('sizes and stock', () => {
  it('adds up the stock and flags the sizes at or under the low-stock level, sold-out ones included', () => {
    expect(totalStock(MUG)).toBe(35);
    expect(lowSizes(MUG, 5).map(sizeName)).toEqual(['Small', 'Large']);
    expect(lowSizes(MUG, 0).map(sizeName)).toEqual(['Small']);
    expect(sizeName(MUG.variants[2]!)).toBe('One size');
  });

  it('reads a stock change as signed: 12, +12, -3 or −3', () => {
    expect(stockChangeOf({ change: '12' })).toBe(12);
    expect(stockChangeOf({ change: ' +12 ' })).toBe(12);
    expect(stockChangeOf({ change: '-3' })).toBe(-3);
    expect(stockChangeOf({ change: '−3' })).toBe(-3);
  });

  it('refuses no change, a fraction or a change beyond 100,000', () => {
    for (const change of ['', '0', '-0', '2.5', 'ten'])
      expect(messages(stockChangeSchema.safeParse({ change }))).toEqual([
        'Enter how many to add or take off, such as 12 or -3.',
      ]);
    expect(messages(stockChangeSchema.safeParse({ change: '-100001' }))).toEqual([
      'A stock change is at most 100,000 either way.',
    ]);
  });

  it('wants a new size named, with a whole stock', () => {
    expect(messages(newSizeSchema.safeParse({ size: ' ', stock: '-1' }))).toEqual([
      'Please enter the size.',
      'Enter the stock as a whole number from 0 to 100,000.',
    ]);
    expect(newSizeSchema.safeParse({ size: 'XL', stock: '0' }).success).toBe(true);
  });
});

describe('the store settings', () => {
  it('keeps the discount within 0 to 50% and the low-stock level within 0 to 1,000', () => {
    expect(toSettings({ discount: ' 15 ', threshold: '3' })).toEqual({
      member_discount_percent: 15,
      low_stock_threshold: 3,
    });
    expect(messages(settingsSchema.safeParse({ discount: '51', threshold: '1001' }))).toEqual([
      'Enter the member discount as a whole number from 0 to 50.',
      'Enter the low-stock level as a whole number from 0 to 1,000.',
    ]);
  });
});

describe('words and pictures', () => {
  it('shows the database’s refusal as a sentence', () => {
    expect(sentence('only 3 on the shelf: you can take off at most 3')).toBe(
      'Only 3 on the shelf: you can take off at most 3.',
    );
  });

  it('serves a sample picture from the site and an uploaded one from the product-images bucket', () => {
    expect(productImageUrl('/images/store/t-shirt.svg', 'http://127.0.0.1:54321')).toBe(
      '/images/store/t-shirt.svg',
    );
    expect(productImageUrl('f1000000-0000-4000-8000-000000000003/1.png', 'http://127.0.0.1:54321/')).toBe(
      'http://127.0.0.1:54321/storage/v1/object/public/product-images/f1000000-0000-4000-8000-000000000003/1.png',
    );
  });
});
