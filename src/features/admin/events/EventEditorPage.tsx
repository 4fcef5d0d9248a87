import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { EditorSearch } from '../search';
import { AdminPage } from '../ui/AdminPage';
import { statusName } from './event-format';
import { EMPTY_EVENT, toForm } from './event-form';
import { EventFormView } from './EventFormView';
import { EventRoomOptions } from './EventRoomOptions';
import { EventStatusActions } from './EventStatusActions';
import { readEvent } from './events.data';

/** /admin/event-management: create an event (no id), or edit, publish, unpublish and cancel one (?id=). */
export function EventEditorPage() {
  const { id } = useSearch({ strict: false }) as EditorSearch;
  const event = useQuery({
    queryKey: ['admin', 'events', 'event', id],
    queryFn: () => readEvent(id!),
    enabled: id !== undefined,
  });

  if (id === undefined)
    return (
      <AdminPage title="New event" description="A new event starts as a draft; publish it when it is ready.">
        <EventFormView key="new" id={undefined} initial={EMPTY_EVENT} />
      </AdminPage>
    );

  if (event.isPending || event.isError || event.data === null)
    return (
      <AdminPage title="Edit event">
        {event.isPending ? (
          <p role="status">Loading the event…</p>
        ) : (
          <p role="alert" className="text-destructive">
            {event.isError
              ? 'We could not load this event. Please refresh the page to try again.'
              : 'There is no event with this address.'}{' '}
            <Link to="/admin/events" className="text-primary underline">
              Back to events
            </Link>
          </p>
        )}
      </AdminPage>
    );

  const current = event.data;
  return (
    <AdminPage
      title={`Edit event: ${current.title}`}
      description={`Status: ${statusName(current.status)}. Address: /event-details/${current.slug}`}
      actions={<EventStatusActions event={current} />}
    >
      <EventFormView
        key={`${current.id}-${current.updated_at}`}
        id={current.id}
        initial={toForm(current)}
        standardParts={current.balance_instalments}
      />
      <EventRoomOptions eventId={current.id} currency={current.currency} />
    </AdminPage>
  );
}
