import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { BookingSettingsSection } from './BookingSettingsSection';
import { EVENT_BADGES, EVENT_TYPES } from './event-rules';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { useTripOptions } from '../trip-options';
import { eventFormSchema, toValues, type EventForm } from './event-form';
import { EventImages } from './EventImages';
import { createEvent, updateEvent } from './events.data';
import { SelectField } from './SelectField';

const CURRENCIES = ['AUD', 'NZD', 'USD', 'GBP', 'EUR', 'CAD'];

/** The event's fields: every one checked by its rule before anything is sent; saved with a toast. */
export function EventFormView({
  id,
  initial,
  standardParts,
}: {
  id: string | undefined;
  initial: EventForm;
  /** The event's standard plan parts (balance_instalments), for the plan select's first choice. */
  standardParts?: number;
}) {
  const trips = useTripOptions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<EventForm>({ resolver: zodResolver(eventFormSchema), defaultValues: initial });
  const title = useWatch({ control: form.control, name: 'title' });
  const currencies = CURRENCIES.includes(initial.currency) ? CURRENCIES : [initial.currency, ...CURRENCIES];
  const knownTrip = initial.trip_slug === '' || trips.some((trip) => trip.slug === initial.trip_slug);

  async function save(values: EventForm) {
    try {
      const result = id ? await updateEvent(id, toValues(values)) : await createEvent(toValues(values));
      if (result.outcome === 'refused') {
        showToast({ title: 'Not saved', description: result.message, variant: 'destructive' });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'events'] });
      showToast({
        title: id ? 'Event saved' : 'Event created',
        description: id ? `${values.title.trim()} is up to date.` : `${values.title.trim()} is a draft.`,
        variant: 'success',
      });
      if (!id) await navigate({ to: '/admin/event-management', search: { id: result.id } });
    } catch {
      showErrorToast();
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(save)} className="grid max-w-3xl gap-5">
        <FormField<EventForm> name="title" label="Title" required maxLength={200} />
        <FormField<EventForm> name="description" label="Description" rows={6} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField<EventForm> name="start_date" label="Start date" type="date" required />
          <FormField<EventForm> name="end_date" label="End date" type="date" required />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField<EventForm>
            name="bookings_open_on"
            label="Bookings open"
            type="date"
            hint="The first day bookings are taken (Sydney). Empty: bookings open when the event is published."
          />
          <FormField<EventForm>
            name="bookings_close_on"
            label="Bookings close"
            type="date"
            hint="The last day bookings are taken (Sydney). Empty: bookings close the day before departure."
          />
        </div>
        <FormField<EventForm>
          name="traveller_changes_close_days"
          label="Traveller changes close (days before departure)"
          inputMode="numeric"
          hint="Until then members change who travels and their details; after it, only you can. Empty: the company's default (30 days)."
        />
        <FormField<EventForm> name="location" label="Location" maxLength={200} />
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField<EventForm>
            name="price"
            label="Price per person"
            inputMode="decimal"
            hint="In the currency beside it, e.g. 1200 or 1200.50. Empty: not announced."
          />
          <SelectField<EventForm> name="currency" label="Currency">
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
          <FormField<EventForm>
            name="capacity"
            label="Places (capacity)"
            inputMode="numeric"
            hint="Empty: no limit."
          />
        </div>
        <BookingSettingsSection standardParts={standardParts} />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField<EventForm> name="event_type" label="Event type">
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type === 'paranormal' ? 'Paranormal' : 'History'}
              </option>
            ))}
          </SelectField>
          <SelectField<EventForm>
            name="trip_slug"
            label="Trip page"
            hint="The trip on the website (Sanity) this departure belongs to."
          >
            <option value="">No trip page</option>
            {!knownTrip && <option value={initial.trip_slug}>{initial.trip_slug}</option>}
            {trips.map((trip) => (
              <option key={trip.slug} value={trip.slug}>
                {trip.title}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField<EventForm>
          name="badge"
          label="Status badge"
          hint={
            <dl className="mt-1 grid gap-1">
              {EVENT_BADGES.map((badge) => (
                <div key={badge.value}>
                  <dt className="inline font-semibold">{badge.label}: </dt>
                  <dd className="inline">{badge.rule}</dd>
                </div>
              ))}
            </dl>
          }
        >
          {EVENT_BADGES.map((badge) => (
            <option key={badge.value} value={badge.value}>
              {badge.label}
            </option>
          ))}
        </SelectField>
        <EventImages title={title} />
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : id ? 'Save changes' : 'Create event'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
