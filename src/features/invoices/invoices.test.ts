import { describe, expect, it } from 'vitest';
import { checkAbn } from '../../../studio/schemaTypes/rules';
import {
  balanceOf,
  lineGst,
  gstStatement,
  invoiceHref,
  pickVersion,
  versionFrom,
  versionLabel,
  type InvoiceVersion,
} from './invoices';

const version = (n: number, total = 200000): InvoiceVersion => ({
  version: n,
  issued_at: '2026-11-28T01:00:00Z',
  invoice_number: 'INV-2026-0042',
  bill_to: { name: 'Ada Adult', email: 'ada@example.com' },
  event_title: 'Tasmania',
  departs_on: '2027-06-01',
  currency: 'AUD',
  gst_treatment: 'taxable',
  lines: [],
  total_cents: total,
  gst_cents: Math.round(total / 11),
  cancelled: false,
});

describe('the invoice page', () => {
  it('reads the version from the address, else none', () => {
    expect(versionFrom('?booking=x&version=2')).toBe(2);
    expect(versionFrom('?booking=x')).toBeNull();
    expect(versionFrom('?version=0')).toBeNull();
    expect(versionFrom('?version=two')).toBeNull();
    expect(versionFrom('?version=-1')).toBeNull();
  });

  it('shows the version asked for, or the latest', () => {
    const versions = [version(1), version(2), version(3)];
    expect(pickVersion(versions, 2)?.version).toBe(2);
    expect(pickVersion(versions, null)?.version).toBe(3);
    expect(pickVersion(versions, 9)?.version).toBe(3);
    expect(pickVersion([], 1)).toBeNull();
  });

  it('states the GST a taxable total includes, or that the supply is GST-free', () => {
    expect(gstStatement({ gst_treatment: 'taxable', gst_cents: 18182, currency: 'AUD' })).toBe(
      'Total includes GST of $181.82',
    );
    expect(gstStatement({ gst_treatment: 'gst-free', gst_cents: 0, currency: 'AUD' })).toBe(
      'GST-free: this supply includes no GST',
    );
  });

  it('shows what is left to pay, never less than nothing', () => {
    const plain = { total_cents: 240000, lines: [] };
    expect(balanceOf(plain, 80000)).toEqual({ paidCents: 80000, leftCents: 160000 });
    expect(balanceOf({ ...plain, total_cents: 100000 }, 120000)).toEqual({ paidCents: 120000, leftCents: 0 });
  });

  it('counts a card surcharge as paid with its payment, and shows its own GST (decision 0096)', () => {
    const surcharge = {
      kind: 'surcharge',
      description: 'Card surcharge',
      detail: 'On the card payment of 3 Dec 2026',
      amount_cents: 1920,
      gst_cents: 175,
    };
    const version = { total_cents: 201920, lines: [surcharge] };
    expect(balanceOf(version, 160000)).toEqual({ paidCents: 161920, leftCents: 40000 });
    expect(lineGst(surcharge, { gst_treatment: 'taxable', currency: 'AUD' })).toBe('Taxable, GST $1.75');
    const trip = { kind: 'traveller', description: 'Trip', detail: null, amount_cents: 100000 };
    expect(lineGst(trip, { gst_treatment: 'taxable', currency: 'AUD' })).toBe('Taxable');
    expect(lineGst(surcharge, { gst_treatment: 'gst-free', currency: 'AUD' })).toBe('GST-free');
  });

  it('counts a card surcharge given back as no longer paid, with its GST negative (decision 0096 amended)', () => {
    const charged = {
      kind: 'surcharge',
      description: 'Card surcharge',
      detail: 'On the card payment of 3 Dec 2026',
      amount_cents: 1920,
      gst_cents: 175,
    };
    const back = {
      ...charged,
      kind: 'surcharge_refund',
      description: 'Card surcharge refunded',
      amount_cents: -1920,
      gst_cents: -175,
    };
    // The company cancelled: the $1,600 paid and its surcharge went back.
    expect(balanceOf({ total_cents: 200000, lines: [charged, back] }, 0)).toEqual({
      paidCents: 0,
      leftCents: 200000,
    });
    expect(lineGst(back, { gst_treatment: 'taxable', currency: 'AUD' })).toBe('Taxable, GST -$1.75');
  });

  it('names and links each version', () => {
    expect(versionLabel(version(2))).toBe('Invoice INV-2026-0042, version 2');
    expect(invoiceHref('b-1', 2)).toBe('/invoice?booking=b-1&version=2');
    expect(invoiceHref('b-1')).toBe('/invoice?booking=b-1');
  });
});

describe('the ABN in site settings', () => {
  it('takes 11 digits whose check holds, with or without spaces', () => {
    expect(checkAbn('51 824 753 556')).toBe(true);
    expect(checkAbn('51824753556')).toBe(true);
    expect(checkAbn(undefined)).toBe(true);
  });
  it('refuses a wrong shape or a failed check', () => {
    expect(checkAbn('51 824 753')).toBe('Must be an ABN of 11 digits, e.g. 51 824 753 556');
    expect(checkAbn('51 824 753 557')).toBe(
      'This ABN fails its check digits: compare it with the ABN Lookup',
    );
  });
});
