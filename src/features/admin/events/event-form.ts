import * as z from 'zod';
import {
  EVENT_IMAGES_MAX,
  eventBadgeProblem,
  eventBookingsCloseProblem,
  eventBookingsOpenProblem,
  eventCapacityProblem,
  eventCurrencyProblem,
  eventDepositProblem,
  eventDescriptionProblem,
  eventEndProblem,
  eventGstProblem,
  eventLocationProblem,
  eventPriceProblem,
  eventPriorityDaysProblem,
  eventStartProblem,
  eventTitleProblem,
  eventTravellerChangesDaysProblem,
  eventTypeProblem,
  isSlug,
  priceCents,
  priceText,
  priorityDays,
  travellerChangesDays,
} from './event-rules';
import { emptyToNull, ruleString } from '../../../lib/forms/rule-schema';
import type { AdminEvent, EventValues } from './events.data';

/** The event form's schema: every field through its rule in src/features/admin/events/event-rules.ts (decision 0013). */
export const eventFormSchema = z
  .object({
    title: ruleString(eventTitleProblem),
    description: ruleString(eventDescriptionProblem),
    location: ruleString(eventLocationProblem),
    start_date: ruleString(eventStartProblem),
    end_date: z.string(),
    bookings_open_on: z.string(),
    bookings_close_on: z.string(),
    traveller_changes_close_days: ruleString(eventTravellerChangesDaysProblem),
    price: ruleString(eventPriceProblem),
    currency: ruleString(eventCurrencyProblem),
    capacity: ruleString(eventCapacityProblem),
    event_type: ruleString(eventTypeProblem),
    trip_slug: z.string().refine((value) => value === '' || isSlug(value), 'Choose a trip from the list.'),
    badge: ruleString(eventBadgeProblem),
    image_paths: z.array(z.string()).max(EVENT_IMAGES_MAX, `At most ${EVENT_IMAGES_MAX} images.`),
    // Booking settings (BookingSettingsSection, decision 0076).
    deposit: ruleString(eventDepositProblem),
    payment_plan_id: z.string(),
    limited: z.boolean(),
    priority_days: z.string(),
    gst_treatment: ruleString(eventGstProblem),
  })
  .superRefine((values, context) => {
    // The fields whose rule reads another field: each problem goes on the field that has it.
    const problems = {
      end_date: eventEndProblem(values.end_date, values.start_date),
      bookings_open_on: eventBookingsOpenProblem(values.bookings_open_on, values.start_date),
      bookings_close_on: eventBookingsCloseProblem(
        values.bookings_close_on,
        values.bookings_open_on,
        values.start_date,
      ),
      priority_days: eventPriorityDaysProblem(values.priority_days, values.limited, values.bookings_open_on),
    };
    for (const [path, message] of Object.entries(problems))
      if (message) context.addIssue({ code: 'custom', path: [path], message });
  });

export type EventForm = z.infer<typeof eventFormSchema>;

export const EMPTY_EVENT: EventForm = {
  title: '',
  description: '',
  location: '',
  start_date: '',
  end_date: '',
  bookings_open_on: '',
  bookings_close_on: '',
  traveller_changes_close_days: '',
  price: '',
  currency: 'AUD',
  capacity: '',
  event_type: 'paranormal',
  trip_slug: '',
  badge: 'eoi',
  image_paths: [],
  deposit: '',
  payment_plan_id: '',
  limited: false,
  priority_days: '',
  gst_treatment: 'taxable',
};

/** A stored event as the form shows it. */
export function toForm(event: AdminEvent): EventForm {
  return {
    title: event.title,
    description: event.description ?? '',
    location: event.location ?? '',
    start_date: event.start_date,
    end_date: event.end_date,
    bookings_open_on: event.bookings_open_on ?? '',
    bookings_close_on: event.bookings_close_on ?? '',
    traveller_changes_close_days:
      event.traveller_changes_close_days === null ? '' : String(event.traveller_changes_close_days),
    price: priceText(event.price_cents),
    currency: event.currency,
    capacity: event.max_registrations === null ? '' : String(event.max_registrations),
    event_type: event.event_type,
    trip_slug: event.trip_slug ?? '',
    badge: event.badge,
    image_paths: event.image_paths,
    deposit: priceText(event.deposit_per_traveller_cents),
    payment_plan_id: event.payment_plan_id ?? '',
    limited: event.next_room_priority_days !== null,
    priority_days: event.next_room_priority_days === null ? '' : String(event.next_room_priority_days),
    gst_treatment: event.gst_treatment,
  };
}

/** What the form saves: trimmed text, empty optional fields as null, the price and deposit in cents. */
export function toValues(form: EventForm): EventValues {
  return {
    title: form.title.trim(),
    description: emptyToNull(form.description),
    location: emptyToNull(form.location),
    start_date: form.start_date.trim(),
    end_date: form.end_date.trim(),
    bookings_open_on: emptyToNull(form.bookings_open_on),
    bookings_close_on: emptyToNull(form.bookings_close_on),
    traveller_changes_close_days: travellerChangesDays(form.traveller_changes_close_days),
    price_cents: priceCents(form.price),
    currency: form.currency.trim(),
    max_registrations: form.capacity.trim() ? Number(form.capacity.trim()) : null,
    event_type: form.event_type,
    trip_slug: form.trip_slug || null,
    badge: form.badge,
    image_paths: form.image_paths,
    deposit_per_traveller_cents: priceCents(form.deposit),
    payment_plan_id: form.payment_plan_id || null,
    next_room_priority_days: priorityDays(form.priority_days, form.limited),
    gst_treatment: form.gst_treatment,
  };
}
