import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { QueryWaiting } from '../../../components/ui/QueryStatus';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatPrice } from '../../../lib/format/currency';
import { formatDate, formatDateTime } from '../../../lib/format/dates';
import { sydneyToday } from '../../../lib/format/today';
import { AdminPage } from '../ui/AdminPage';
import {
  fetchBookingSchedule,
  mergeInstallments,
  moveInstallment,
  scheduleKey,
  splitInstallment,
  waiveAmount,
  type BookingSchedule,
} from './schedules.data';
import {
  inScheduleOrder,
  isOverdue,
  mergeCandidate,
  parseDollars,
  type ScheduleInstallment,
} from './schedules';

const inputClass = 'border-border bg-background h-10 rounded-md border px-3';

/** /admin/manage-plan/$bookingId: one booking's schedule, its edits and what changed. */
export function ManagePlanBookingPage() {
  const { bookingId } = useParams({ from: '/admin/manage-plan/$bookingId' });
  const query = useQuery({
    queryKey: scheduleKey(bookingId),
    queryFn: () => fetchBookingSchedule(bookingId),
  });
  if (!query.isSuccess) return <QueryWaiting query={query} what="booking" />;
  if (!query.data)
    return (
      <AdminPage title="Booking not found">
        <p>
          No booking has this id.{' '}
          <Link to="/admin/manage-plan" className="text-primary underline">
            Back to the schedules
          </Link>
        </p>
      </AdminPage>
    );
  return <Schedule booking={query.data} />;
}

/** What the last change said: saved, or refused with the database's reason. */
type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

function Schedule({ booking }: { booking: BookingSchedule }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const money = (cents: number) => formatPrice(cents, booking.currency);
  const today = sydneyToday();
  const installments = inScheduleOrder(booking.booking_installments);
  const cancelled = booking.status === 'cancelled';

  async function run(change: () => Promise<void>, done: string) {
    try {
      await change();
      setOutcome({ ok: true, text: done });
      setEditing(null);
    } catch (error) {
      setOutcome({ ok: false, text: `Not changed: ${(error as Error).message}.` });
    } finally {
      await queryClient.invalidateQueries({ queryKey: scheduleKey(booking.id) });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'schedules', 'list'] });
    }
  }

  return (
    <AdminPage
      title={`Schedule of ${booking.invoice_number}`}
      description={`${booking.member?.full_name ?? 'Member'} · ${booking.event?.title ?? 'Departure'}, departing ${booking.event ? formatDate(booking.event.start_date) : 'date unknown'} · ${booking.travellers} traveller${booking.travellers === 1 ? '' : 's'} · ${booking.status}`}
      actions={
        <>
          <a className={buttonClass('outline', 'sm')} href={`/invoice?booking=${booking.id}`}>
            Tax invoice
          </a>
          <Link to="/admin/manage-plan" className={buttonClass('ghost', 'sm')}>
            All schedules
          </Link>
        </>
      }
    >
      <dl className="grid grid-cols-3 gap-4 sm:max-w-lg">
        <div>
          <dt className="text-muted-foreground text-sm">Total</dt>
          <dd className="text-lg font-semibold" data-testid="schedule-total">
            {money(booking.total_cents)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">Paid</dt>
          <dd className="text-lg font-semibold">{money(booking.paid_cents)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">Left to pay</dt>
          <dd className="text-lg font-semibold">
            {money(Math.max(0, booking.total_cents - booking.paid_cents))}
          </dd>
        </div>
      </dl>

      <div aria-live="polite">
        {outcome && (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={outcome.ok ? 'rounded-md border p-3' : 'border-destructive rounded-md border p-3'}
          >
            {outcome.text}
          </p>
        )}
      </div>

      <table className="w-full border-collapse text-sm">
        <caption className="text-start text-lg font-semibold">Instalments</caption>
        <thead>
          <tr className="border-border border-b">
            <th scope="col" className="py-2 text-start">
              Due
            </th>
            <th scope="col" className="py-2 text-end">
              Amount
            </th>
            <th scope="col" className="py-2 ps-4 text-start">
              State
            </th>
            <th scope="col" className="py-2 text-start">
              <span className="sr-only">Change</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {installments.map((installment) => (
            <InstallmentRow
              key={installment.id}
              installment={installment}
              state={installment.paid_at ? 'Paid' : isOverdue(installment, today) ? 'Overdue' : 'Due'}
              amount={money(installment.amount_cents)}
              editable={!cancelled && installment.paid_at === null}
              open={editing === installment.id}
              onToggle={() => setEditing(editing === installment.id ? null : installment.id)}
            />
          ))}
        </tbody>
      </table>
      {editing && (
        <EditInstallment
          key={editing}
          installment={installments.find((installment) => installment.id === editing)!}
          next={mergeCandidate(installments, editing)}
          money={money}
          run={run}
        />
      )}
      {!cancelled && <WaiveForm booking={booking} money={money} run={run} />}

      <section aria-labelledby="schedule-changes">
        <h3 id="schedule-changes" className="text-lg font-semibold">
          Changes to this schedule
        </h3>
        {booking.schedule_changes.length === 0 ? (
          <p className="text-muted-foreground text-sm">No admin has changed this schedule.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="schedule-changes">
            {[...booking.schedule_changes]
              .sort((a, b) => b.changed_at.localeCompare(a.changed_at))
              .map((change) => (
                <li key={change.id}>
                  <span className="text-muted-foreground">{formatDateTime(change.changed_at)}:</span>{' '}
                  {change.summary}
                </li>
              ))}
          </ul>
        )}
        <p className="text-muted-foreground mt-2 text-xs">Who made each change is in the audit log.</p>
      </section>
    </AdminPage>
  );
}

function InstallmentRow({
  installment,
  state,
  amount,
  editable,
  open,
  onToggle,
}: {
  installment: ScheduleInstallment;
  state: string;
  amount: string;
  editable: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <tr className="border-border border-b">
      <td className="py-2">{formatDate(installment.due_date)}</td>
      <td className="py-2 text-end tabular-nums">{amount}</td>
      <td className="py-2 ps-4">{state}</td>
      <td className="py-2 text-end">
        {editable && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            aria-expanded={open}
            onClick={onToggle}
          >
            {open ? 'Close' : 'Change'}
            <span className="sr-only">
              {' '}
              the {amount} due {formatDate(installment.due_date)}
            </span>
          </button>
        )}
      </td>
    </tr>
  );
}

type Run = (change: () => Promise<void>, done: string) => Promise<void>;

function EditInstallment({
  installment,
  next,
  money,
  run,
}: {
  installment: ScheduleInstallment;
  next: ScheduleInstallment | null;
  money: (cents: number) => string;
  run: Run;
}) {
  const id = useId();
  const [action, setAction] = useState<'move' | 'split' | 'merge'>('move');
  const [dueDate, setDueDate] = useState(installment.due_date);
  const [firstPart, setFirstPart] = useState('');
  const [secondDate, setSecondDate] = useState(installment.due_date);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = `${money(installment.amount_cents)} due ${formatDate(installment.due_date)}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    let change: () => Promise<void>;
    let done: string;
    if (action === 'move') {
      if (!dueDate) return setProblem('Choose the new due date.');
      change = () => moveInstallment(installment.id, dueDate);
      done = `Moved ${label} to ${formatDate(dueDate)}.`;
    } else if (action === 'split') {
      const cents = parseDollars(firstPart);
      if (cents === null) return setProblem('Type the first part in dollars, e.g. 500 or 133.36.');
      if (cents >= installment.amount_cents)
        return setProblem(`The first part must be less than ${money(installment.amount_cents)}.`);
      if (!secondDate) return setProblem('Choose when the second part falls due.');
      change = () => splitInstallment(installment.id, cents, secondDate);
      done = `Split ${label} into ${money(cents)} and ${money(installment.amount_cents - cents)}.`;
    } else {
      if (!next) return setProblem('There is no unpaid instalment right after this one to merge with.');
      change = () => mergeInstallments(installment.id, next.id);
      done = `Merged ${label} with ${money(next.amount_cents)} due ${formatDate(next.due_date)}.`;
    }
    setBusy(true);
    await run(change, done);
    setBusy(false);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="border-border space-y-4 rounded-lg border p-4"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Change the instalment of {label}
      </h3>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">What to do</legend>
        {(
          [
            ['move', 'Move its due date'],
            ['split', 'Split it in two'],
            ['merge', 'Merge it with the next instalment'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-action`}
              value={value}
              checked={action === value}
              onChange={() => setAction(value)}
            />
            {text}
          </label>
        ))}
      </fieldset>
      {action === 'move' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-due`} className="text-sm font-medium">
            New due date
          </label>
          <input
            id={`${id}-due`}
            type="date"
            className={inputClass}
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
        </div>
      )}
      {action === 'split' && (
        <div className="flex flex-wrap gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-first`} className="text-sm font-medium">
              First part, due {formatDate(installment.due_date)} (dollars)
            </label>
            <input
              id={`${id}-first`}
              inputMode="decimal"
              className={inputClass}
              value={firstPart}
              onChange={(event) => setFirstPart(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-second`} className="text-sm font-medium">
              The rest falls due on
            </label>
            <input
              id={`${id}-second`}
              type="date"
              className={inputClass}
              value={secondDate}
              onChange={(event) => setSecondDate(event.target.value)}
            />
          </div>
        </div>
      )}
      {action === 'merge' && (
        <p className="text-sm">
          {next
            ? `Merged with ${money(next.amount_cents)} due ${formatDate(next.due_date)}: one instalment of ${money(installment.amount_cents + next.amount_cents)} due ${formatDate(installment.due_date)}.`
            : 'The next instalment is paid or there is none: nothing to merge with.'}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {busy ? 'Saving…' : 'Save the change'}
      </button>
    </form>
  );
}

function WaiveForm({
  booking,
  money,
  run,
}: {
  booking: BookingSchedule;
  money: (cents: number) => string;
  run: Run;
}) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const cents = parseDollars(amount);
    if (cents === null) return setProblem('Type the amount in dollars, e.g. 50 or 133.36.');
    if (reason.trim().length < 3) return setProblem('Give the reason for the waiver.');
    setBusy(true);
    await run(
      () => waiveAmount(booking.id, cents, reason.trim()),
      `Waived ${money(cents)}. The total is now lower and a new invoice version has been issued.`,
    );
    setBusy(false);
    setAmount('');
    setReason('');
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="border-border space-y-4 rounded-lg border p-4"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Waive an amount
      </h3>
      <p className="text-muted-foreground text-sm">
        The booking's total goes down by the amount, taken off the last unpaid instalments, and the member's
        tax invoice gets a new version showing the waiver.
      </p>
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium">
            Amount (dollars)
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            className={inputClass}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            Reason
          </label>
          <input
            id={`${id}-reason`}
            className={inputClass}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </div>
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {busy ? 'Saving…' : 'Waive it'}
      </button>
    </form>
  );
}
