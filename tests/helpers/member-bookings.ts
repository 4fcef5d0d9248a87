/**
 * Arranges events, bookings and instalments for a test's own member through the service role (tests only
 * arrange and check with it; the pages read as the member, under row-level security).
 */
import { randomUUID } from 'node:crypto';
import { sydneyDate } from '../../src/lib/format/dates';
import { adminClient } from './e2e-backend';

export interface ArrangedEvent {
  id: string;
  title: string;
}

export async function arrangeEvent({
  title = `Test Trip ${randomUUID().slice(0, 6)}`,
  start = '2030-02-12',
  end = '2030-02-16',
  status = 'published',
}: { title?: string; start?: string; end?: string; status?: string } = {}): Promise<ArrangedEvent> {
  const { data, error } = await adminClient()
    .from('events')
    .insert({
      slug: `test-${randomUUID()}`,
      title,
      start_date: start,
      end_date: end,
      status,
      price_cents: 120000,
    })
    .select('id, title')
    .single();
  if (error) throw new Error(`event: ${error.message}`);
  return data as ArrangedEvent;
}

export interface ArrangedInstallment {
  due_date: string;
  amount_cents: number;
  paid_at?: string | null;
}

export async function arrangeBooking({
  userId,
  eventId,
  totalCents,
  installments = [],
  status = 'confirmed',
  travellers = 1,
  notes = null,
  depositCents = totalCents,
}: {
  userId: string;
  eventId: string;
  totalCents: number;
  installments?: ArrangedInstallment[];
  status?: string;
  travellers?: number;
  notes?: string | null;
  /** The deposit (by default the total, so the payments below never reach it and the member's tier stays). */
  depositCents?: number;
}): Promise<{ id: string; invoiceNumber: string }> {
  const client = adminClient();
  const invoiceNumber = `INV-${randomUUID().slice(0, 8).toUpperCase()}`;
  const { data, error } = await client
    .from('bookings')
    .insert({
      user_id: userId,
      event_id: eventId,
      invoice_number: invoiceNumber,
      total_cents: totalCents,
      deposit_cents: depositCents,
      status,
      travellers,
      notes,
    })
    .select('id')
    .single();
  if (error) throw new Error(`booking: ${error.message}`);
  const id = (data as { id: string }).id;
  if (installments.length > 0) {
    const { error: scheduleError } = await client
      .from('booking_installments')
      .insert(installments.map((installment) => ({ booking_id: id, paid_at: null, ...installment })));
    if (scheduleError) throw new Error(`instalments: ${scheduleError.message}`);
    // The money behind each instalment marked paid: a booking's paid amount is its payments (decision 0073).
    const paid = installments.filter((installment) => installment.paid_at);
    if (paid.length > 0) {
      const { error: paymentError } = await client.from('payments').insert(
        paid.map((installment) => ({
          booking_id: id,
          amount_cents: installment.amount_cents,
          received_on: sydneyDate(installment.paid_at!),
          reference: 'Bank transfer',
        })),
      );
      if (paymentError) throw new Error(`payments: ${paymentError.message}`);
    }
  }
  return { id, invoiceNumber };
}
