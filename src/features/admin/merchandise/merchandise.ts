// /admin/merchandise's forms and figures (decision 0092), apart from the screen so they are tested alone.
import * as z from 'zod';
import { emptyToNull, ruleString } from '../../../lib/forms/rule-schema';
import {
  centsToDollars,
  dollarsToCents,
  lowStockThresholdProblem,
  memberDiscountProblem,
  productDescriptionProblem,
  productNameProblem,
  productPriceProblem,
  sizeProblem,
  stockChange,
  stockChangeProblem,
  stockProblem,
} from '../../../lib/rules/store';

/** One size of a product as the screen reads it (size null: the product comes in one size). */
export interface AdminVariant {
  id: string;
  size: string | null;
  stock: number;
  position: number;
}

/** A product as the list and the editor read it, with its sizes in the store's order. */
export interface AdminProduct {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  image_path: string | null;
  visible: boolean;
  price_cents: number;
  position: number;
  variants: AdminVariant[];
}

export interface StoreSettings {
  member_discount_percent: number;
  low_stock_threshold: number;
}

export const totalStock = (product: Pick<AdminProduct, 'variants'>): number =>
  product.variants.reduce((sum, variant) => sum + variant.stock, 0);

/** The sizes with `threshold` or fewer on the shelf (sold-out ones included), as the overview counts them. */
export const lowSizes = (product: Pick<AdminProduct, 'variants'>, threshold: number): AdminVariant[] =>
  product.variants.filter((variant) => variant.stock <= threshold);

/** How a size is named on the screen: its label, or 'One size' for a product without sizes. */
export const sizeName = (variant: Pick<AdminVariant, 'size'>): string => variant.size ?? 'One size';

// ------------------------------------------------------------ the product form

export const productFormSchema = z.object({
  name: ruleString(productNameProblem),
  description: ruleString(productDescriptionProblem),
  price: ruleString(productPriceProblem),
  visible: z.boolean(),
  image_path: z.string().nullable(),
});
export type ProductForm = z.infer<typeof productFormSchema>;

export const EMPTY_PRODUCT: ProductForm = {
  name: '',
  description: '',
  price: '',
  visible: false,
  image_path: null,
};

export function toProductForm(product: AdminProduct): ProductForm {
  return {
    name: product.name,
    description: product.description ?? '',
    price: centsToDollars(product.price_cents),
    visible: product.visible,
    image_path: product.image_path,
  };
}

/** What is saved: trimmed text, an empty description as null, the price in whole cents. */
export interface ProductValues {
  name: string;
  description: string | null;
  price_cents: number;
  visible: boolean;
  image_path: string | null;
}

export function toProductValues(form: ProductForm): ProductValues {
  const price = dollarsToCents(form.price);
  if (price === null) throw new RangeError('the form let through a price it should have refused');
  return {
    name: form.name.trim(),
    description: emptyToNull(form.description),
    price_cents: price,
    visible: form.visible,
    image_path: form.image_path,
  };
}

// ------------------------------------------------------------ sizes and stock

export const newSizeSchema = z.object({ size: ruleString(sizeProblem), stock: ruleString(stockProblem) });
export type NewSizeForm = z.infer<typeof newSizeSchema>;

export const renameSchema = z.object({ size: ruleString(sizeProblem) });
export type RenameForm = z.infer<typeof renameSchema>;

export const stockChangeSchema = z.object({ change: ruleString(stockChangeProblem) });
export type StockChangeForm = z.infer<typeof stockChangeSchema>;

/** The signed change a valid stock form holds. */
export function stockChangeOf(form: StockChangeForm): number {
  const change = stockChange(form.change);
  if (change === null) throw new RangeError('the form let through a change it should have refused');
  return change;
}

// ------------------------------------------------------------ the store's settings

export const settingsSchema = z.object({
  discount: ruleString(memberDiscountProblem),
  threshold: ruleString(lowStockThresholdProblem),
});
export type SettingsForm = z.infer<typeof settingsSchema>;

export const toSettingsForm = (settings: StoreSettings): SettingsForm => ({
  discount: String(settings.member_discount_percent),
  threshold: String(settings.low_stock_threshold),
});

export const toSettings = (form: SettingsForm): StoreSettings => ({
  member_discount_percent: Number(form.discount.trim()),
  low_stock_threshold: Number(form.threshold.trim()),
});
