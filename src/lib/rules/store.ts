// The store's fields as an admin types them on /admin/merchandise (decision 0092): one rule per field, used by
// the forms and their tests. The database's CHECKs (products, product_variants, store_settings) say the same;
// supabase/tests/database/store-rules-agree.test.ts runs every boundary value through both.
import { characterCount, hasControlCharacters } from './text';

export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const SIZE_MAX = 20;
/** products_price_cents_check: 1 cent to $10,000. */
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000;
/** product_variants_stock_check, and the most adjust_variant_stock moves at once. */
export const STOCK_MAX = 100_000;
export const MEMBER_DISCOUNT_MAX = 50;
export const LOW_STOCK_THRESHOLD_MAX = 1000;
const SLUG_MAX = 100;

const WHOLE = /^\d{1,9}$/;
const SIGNED_WHOLE = /^[+\-−]?\s*\d{1,9}$/;
const DOLLARS = /^\$?\d{1,9}(\.\d{1,2})?$/;

function lineProblem(value: string, what: string, max: number): string | undefined {
  const text = value.trim();
  if (!text) return `Please enter the ${what}.`;
  if (characterCount(text) > max) return `The ${what} must be ${max} characters or fewer.`;
  if (hasControlCharacters(text)) return `The ${what} contains characters we can't save.`;
  return undefined;
}

/** private.is_product_name: 1 to 80 characters, one line. */
export const productNameProblem = (value: string) => lineProblem(value, 'product name', PRODUCT_NAME_MAX);

/** private.is_variant_size: 'S', 'XL', 'One size': 1 to 20 characters, one line. */
export const sizeProblem = (value: string) => lineProblem(value, 'size', SIZE_MAX);

/** Optional; private.is_message: at most 2,000 characters, line breaks allowed. */
export function productDescriptionProblem(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (characterCount(text) > PRODUCT_DESCRIPTION_MAX)
    return `The description must be ${PRODUCT_DESCRIPTION_MAX.toLocaleString('en-AU')} characters or fewer.`;
  if (hasControlCharacters(text, { multiline: true }))
    return "The description contains characters we can't save.";
  return undefined;
}

/** The price typed in dollars ('24.99', '$1,200') in whole cents, or null when it is not such an amount. */
export function dollarsToCents(value: string): number | null {
  const text = value.trim().replace(/,/g, '');
  if (!DOLLARS.test(text)) return null;
  const [whole = '0', fraction = ''] = text.replace(/^\$/, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the price field shows them: 2499 → '24.99', 3000 → '30.00'. */
export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

export function productPriceProblem(value: string): string | undefined {
  if (!value.trim()) return 'Please enter the price.';
  const cents = dollarsToCents(value);
  if (cents === null) return 'Enter the price in dollars, such as 24.99.';
  if (cents < 1 || cents > PRODUCT_PRICE_MAX_CENTS)
    return `The price must be from $0.01 to $${(PRODUCT_PRICE_MAX_CENTS / 100).toLocaleString('en-AU')}.`;
  return undefined;
}

function wholeProblem(value: string, what: string, max: number): string | undefined {
  const text = value.trim();
  if (!WHOLE.test(text) || Number(text) > max)
    return `Enter the ${what} as a whole number from 0 to ${max.toLocaleString('en-AU')}.`;
  return undefined;
}

/** A new size's stock: how many are on the shelf. */
export const stockProblem = (value: string) => wholeProblem(value, 'stock', STOCK_MAX);

/** The members' discount in whole percent (store_settings_member_discount_percent_check). */
export const memberDiscountProblem = (value: string) =>
  wholeProblem(value, 'member discount', MEMBER_DISCOUNT_MAX);

/** How few on the shelf makes a size low on stock (store_settings_low_stock_threshold_check). */
export const lowStockThresholdProblem = (value: string) =>
  wholeProblem(value, 'low-stock level', LOW_STOCK_THRESHOLD_MAX);

/** A stock change typed as '12', '+12' or '-3' (a typographic minus too) as a number, or null. */
export function stockChange(value: string): number | null {
  const text = value.trim();
  if (!SIGNED_WHOLE.test(text)) return null;
  const number = Number(text.replace(/[\s+]/g, '').replace('−', '-'));
  return Number.isSafeInteger(number) ? number : null;
}

/** adjust_variant_stock's own checks, before anything is sent (the shelf itself is checked there). */
export function stockChangeProblem(value: string): string | undefined {
  const change = stockChange(value);
  if (change === null || change === 0) return 'Enter how many to add or take off, such as 12 or -3.';
  if (Math.abs(change) > STOCK_MAX)
    return `A stock change is at most ${STOCK_MAX.toLocaleString('en-AU')} either way.`;
  return undefined;
}

/**
 * A product's address in the store (private.is_slug) made from its name: 'Ouija Board Mug (Large)' →
 * 'ouija-board-mug-large'. Accents are dropped; a name with no letter or digit gives 'product'.
 */
export function productSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'product';
}
