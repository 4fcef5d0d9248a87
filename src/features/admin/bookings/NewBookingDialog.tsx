import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { sydneyDate } from '../../../lib/format/dates';
import { showToast } from '../../../stores/toasts';
import { priceSummary, roomIdsFor, travellersProblem } from '../../book/book';
import { fetchQuote } from '../../book/book.data';
import { money } from './bookings';
import {
  adminBookDeparture,
  fetchBookableDepartures,
  fetchMemberTravellers,
  fetchRoomOptions,
  phoneBookingKeys,
  searchMembers,
  type MemberChoice,
} from './phone-booking.data';
import { departureLabel, isBookable, memberLabel, phoneRefusal } from './phone-booking';

const selectClass = 'border-border bg-background h-10 w-full rounded-md border px-3';
const inputClass =
  'border-border bg-background text-foreground w-full rounded-md border px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-1';

/** The search typed, once it has rested for a moment (one request per pause, not per key). */
function useSettled(value: string, delay = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A booking taken by phone: the admin finds the member, picks a departure open for bookings, the member's
 * saved travellers and (when the departure has options) their rooms, sees the quote and books. The admin
 * accepts the terms on the member's behalf (admin_book_departure records who); the member's rules all hold
 * and a refusal is shown as the database words it. On success the new booking's page opens.
 */
export function NewBookingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ids = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const settled = useSettled(search.trim());
  const [member, setMember] = useState<MemberChoice | null>(null);
  const [eventId, setEventId] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [rooms, setRooms] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const members = useQuery({
    queryKey: phoneBookingKeys.members(settled),
    queryFn: () => searchMembers(settled),
    enabled: open && member === null && settled.length >= 2,
  });
  const departures = useQuery({
    queryKey: phoneBookingKeys.departures,
    queryFn: () => fetchBookableDepartures(),
    enabled: open,
  });
  const travellers = useQuery({
    queryKey: phoneBookingKeys.travellers(member?.id ?? ''),
    queryFn: () => fetchMemberTravellers(member!.id),
    enabled: open && member !== null,
  });
  const roomOptions = useQuery({
    queryKey: phoneBookingKeys.rooms(eventId),
    queryFn: () => fetchRoomOptions(eventId),
    enabled: open && eventId !== '',
  });
  const departure = departures.data?.find((choice) => choice.id === eventId) ?? null;
  const hasOptions = (roomOptions.data?.length ?? 0) > 0;
  // In the member's list order, as the booking lists its travellers.
  const picked = (travellers.data ?? []).filter((traveller) => chosen.includes(traveller.id));
  const pickedIds = picked.map((traveller) => traveller.id);
  // One room per traveller, as the booking flow sends them; undefined while one is missing or none offered.
  const roomIds = roomIdsFor(picked, rooms, roomOptions.data ?? []);
  const roomsIncomplete = hasOptions && roomIds === undefined;
  const problem = departure
    ? travellersProblem(picked, departure.availability?.places_left ?? null, departure.start_date)
    : 'Choose a departure.';
  const ready =
    member !== null && departure !== null && !problem && roomOptions.isSuccess && !roomsIncomplete;
  const quote = useQuery({
    queryKey: phoneBookingKeys.quote(eventId, ready ? (roomIds ?? pickedIds.map(() => null)) : []),
    queryFn: () => fetchQuote(eventId, picked.length, roomIds),
    enabled: open && ready,
  });
  const today = sydneyDate(new Date());
  const summary =
    ready && departure && quote.data
      ? priceSummary(departure.price_cents ?? 0, departure.currency, picked.length, quote.data, today)
      : null;

  function close() {
    setSearch('');
    setMember(null);
    setEventId('');
    setChosen([]);
    setRooms({});
    setRefusal(null);
    onClose();
  }

  async function book() {
    if (!ready) return;
    setRefusal(null);
    setBusy(true);
    try {
      const bookingId = await adminBookDeparture(member.id, departure.id, pickedIds, roomIds ?? null);
      showToast({
        title: 'Booking made',
        description: `${memberLabel(member)} is booked on ${departure.title}; the confirmation is on its way.`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] });
      close();
      await navigate({ to: '/admin/bookings/$bookingId', params: { bookingId } });
    } catch (error) {
      setRefusal(phoneRefusal(error, departure.currency));
      await queryClient.invalidateQueries({ queryKey: phoneBookingKeys.departures });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open={open} title="New booking" onClose={close}>
      <form
        noValidate
        className="mt-4 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void book();
        }}
      >
        <p className="text-muted-foreground text-sm">
          For a member who phoned: you accept the booking terms on their behalf, and the booking records that
          you did. The member&rsquo;s rules (places, an adult on the booking) all apply.
        </p>

        <fieldset className="space-y-2">
          <legend className="font-medium">Member</legend>
          {member ? (
            <div className="flex flex-wrap items-center gap-2">
              <span>{memberLabel(member)}</span>
              <button
                type="button"
                className={buttonClass('ghost', 'sm')}
                onClick={() => {
                  setMember(null);
                  setChosen([]);
                  setRooms({});
                }}
              >
                Change member
              </button>
            </div>
          ) : (
            <>
              <label htmlFor={`${ids}-member`} className="text-sm">
                Find a member by name or e-mail
              </label>
              <input
                id={`${ids}-member`}
                type="search"
                autoComplete="off"
                className={inputClass}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              <div aria-live="polite" className="text-sm">
                {settled.length < 2 ? (
                  <p className="text-muted-foreground">Type at least two letters.</p>
                ) : members.isError ? (
                  <p className="text-destructive">The members could not be loaded. Please try again.</p>
                ) : members.data?.length === 0 ? (
                  <p>No member matches this search.</p>
                ) : null}
              </div>
              {members.data && members.data.length > 0 && settled.length >= 2 && (
                <ul className="space-y-1" aria-label="Matching members">
                  {members.data.map((found) => (
                    <li key={found.id}>
                      <button
                        type="button"
                        className={buttonClass('outline', 'sm', 'w-full justify-start text-left')}
                        onClick={() => setMember(found)}
                      >
                        {memberLabel(found)}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </fieldset>

        <div className="space-y-1">
          <label htmlFor={`${ids}-departure`} className="font-medium">
            Departure to book
          </label>
          <select
            id={`${ids}-departure`}
            className={selectClass}
            value={eventId}
            onChange={(event) => {
              setEventId(event.target.value);
              setRooms({});
              setRefusal(null);
            }}
          >
            <option value="">Choose a departure</option>
            {(departures.data ?? []).map((choice) => (
              <option key={choice.id} value={choice.id} disabled={!isBookable(choice)}>
                {departureLabel(choice)}
              </option>
            ))}
          </select>
          {departures.isError && (
            <p className="text-destructive text-sm">The departures could not be loaded. Please try again.</p>
          )}
        </div>

        {member && (
          <fieldset className="space-y-2">
            <legend className="font-medium">Travellers</legend>
            {travellers.isError ? (
              <p className="text-destructive text-sm">
                The travellers could not be loaded. Please try again.
              </p>
            ) : travellers.data?.length === 0 ? (
              <p className="text-sm">
                {member.full_name ?? member.email} has no saved traveller yet, so there is nobody to book.{' '}
                <Link
                  to="/admin/customers/$customerId"
                  params={{ customerId: member.id }}
                  className="text-primary underline underline-offset-2"
                >
                  Open their customer page
                </Link>
                .
              </p>
            ) : (
              (travellers.data ?? []).map((traveller) => (
                <div key={traveller.id} className="flex flex-wrap items-center gap-3">
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={chosen.includes(traveller.id)}
                      onChange={(event) =>
                        setChosen((now) =>
                          event.target.checked
                            ? [...now, traveller.id]
                            : now.filter((id) => id !== traveller.id),
                        )
                      }
                    />
                    {traveller.full_name}
                    {!traveller.date_of_birth && (
                      <span className="text-muted-foreground text-xs">(no date of birth)</span>
                    )}
                  </label>
                  {hasOptions && chosen.includes(traveller.id) && (
                    <span className="flex items-center gap-2">
                      <label htmlFor={`${ids}-room-${traveller.id}`} className="text-sm">
                        Room for {traveller.full_name}
                      </label>
                      <select
                        id={`${ids}-room-${traveller.id}`}
                        className={`${selectClass} w-auto`}
                        value={rooms[traveller.id] ?? ''}
                        onChange={(event) =>
                          setRooms((now) => ({ ...now, [traveller.id]: event.target.value }))
                        }
                      >
                        <option value="">Choose a room</option>
                        {(roomOptions.data ?? []).map((room) => (
                          <option key={room.id} value={room.id}>
                            {room.supplement_cents > 0 && departure
                              ? `${room.label} (+${money(room.supplement_cents, departure.currency)})`
                              : room.label}
                          </option>
                        ))}
                      </select>
                    </span>
                  )}
                </div>
              ))
            )}
          </fieldset>
        )}

        <div aria-live="polite" className="space-y-2">
          {member && departure && problem && picked.length > 0 && <p className="text-sm">{problem}</p>}
          {member && departure && !problem && roomsIncomplete && (
            <p className="text-sm">Choose a room for each traveller.</p>
          )}
          {quote.isError && (
            <p role="alert" className="text-destructive">
              {phoneRefusal(quote.error, departure?.currency ?? 'AUD')}
            </p>
          )}
          {summary && (
            <section aria-label="Price" className="bg-muted/40 rounded-md p-3 text-sm">
              <p>
                Total for {summary.travellers} {summary.travellers === 1 ? 'traveller' : 'travellers'}:{' '}
                <strong>{summary.total}</strong>
              </p>
              <p>
                Due now: <strong>{summary.dueNow}</strong>
              </p>
              {summary.later.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {summary.later.map((line, index) => (
                    <li key={index}>
                      {line.amount} by {line.date}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          {refusal && (
            <p role="alert" className="text-destructive">
              {refusal}
            </p>
          )}
        </div>

        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('outline')} onClick={close} disabled={busy}>
            Close
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={!summary || busy}>
            {busy ? 'Booking…' : 'Book for the member'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
