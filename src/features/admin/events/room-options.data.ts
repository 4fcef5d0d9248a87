/**
 * A departure's room options through supabase-js (decision 0077): everyone reads them, admins write them
 * (row-level security on public.event_room_options). Bookings keep the label and supplement they sold, so
 * changing or removing an option changes no booking.
 */
import { dataError, sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';

export interface RoomOption {
  id: string;
  label: string;
  supplement_cents: number;
  sort_order: number;
}

export type RoomSaveOutcome = { outcome: 'saved' } | { outcome: 'refused'; message: string };

export async function fetchRoomOptions(
  eventId: string,
  client: LoadClient = sharedClient,
): Promise<RoomOption[]> {
  const supabase = await client();
  return unwrap(
    await supabase
      .from('event_room_options')
      .select('id, label, supplement_cents, sort_order')
      .eq('event_id', eventId)
      .order('sort_order')
      .order('label'),
  );
}

function refusal(error: { code?: string; message: string }): RoomSaveOutcome {
  if (error.code === '23505')
    return { outcome: 'refused', message: 'This departure already has a room option with that name.' };
  if (error.code === '23514')
    return { outcome: 'refused', message: 'Not saved: a field has a value the database refuses.' };
  if (error.code === '42501') return { outcome: 'refused', message: 'Only admins can change room options.' };
  throw dataError(error);
}

export async function addRoomOption(
  eventId: string,
  option: { label: string; supplement_cents: number; sort_order: number },
  client: LoadClient = sharedClient,
): Promise<RoomSaveOutcome> {
  const { error } = await (
    await client()
  )
    .from('event_room_options')
    .insert({ event_id: eventId, ...option });
  return error ? refusal(error) : { outcome: 'saved' };
}

export async function updateRoomOption(
  id: string,
  option: { label: string; supplement_cents: number },
  client: LoadClient = sharedClient,
): Promise<RoomSaveOutcome> {
  const { data, error } = await (
    await client()
  )
    .from('event_room_options')
    .update(option)
    .eq('id', id)
    .select('id');
  if (error) return refusal(error);
  return data.length === 1
    ? { outcome: 'saved' }
    : { outcome: 'refused', message: 'This room option no longer exists.' };
}

export async function removeRoomOption(id: string, client: LoadClient = sharedClient): Promise<void> {
  unwrap(await (await client()).from('event_room_options').delete().eq('id', id));
}
