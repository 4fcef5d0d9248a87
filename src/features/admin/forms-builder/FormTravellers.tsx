import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonClass } from '../../../components/ui/button-styles';
import { QueryWaiting } from '../../../components/ui/QueryStatus';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { dueLabel } from '../../traveller-forms/traveller-forms';
import { downloadCsv, toCsv } from '../table/csv';
import { formCsvColumns, formCsvFileName, formCsvRows } from './form-csv';
import {
  fetchFormTravellers,
  remindTravellers,
  type AdminTravellerForm,
  type FormTraveller,
} from './forms-builder.data';
import { ReminderHistory } from './ReminderHistory';

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** Whether a row is done, as the table says it. */
function filledText(row: FormTraveller): string {
  if (row.submitted_at) return when.format(new Date(row.submitted_at));
  return row.traveller_id === null && row.unnamed > 0 ? 'Travellers not named yet' : 'Not filled';
}

/**
 * One form's people: who has filled it and who not (one row per traveller for a form each traveller
 * answers), a reminder to the members with something to do, its history, and the answers as CSV.
 */
export function FormTravellers({ form }: { form: AdminTravellerForm }) {
  const queryClient = useQueryClient();
  const perTraveller = form.answered_by === 'traveller';
  const query = useQuery({
    queryKey: ['admin', 'forms', 'travellers', form.id],
    queryFn: () => fetchFormTravellers(form.id),
  });
  // Reminders go to members (one e-mail each), however many of their travellers are missing.
  const missing = new Set(query.data?.filter((row) => !row.submitted_at).map((row) => row.user_id)).size;
  const remind = useMutation({
    mutationFn: () => remindTravellers(form.id),
    onSuccess: (count) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'forms', 'reminders', form.id] });
      showToast({
        title: 'Reminders sent',
        description: `${count} ${count === 1 ? 'person' : 'people'} reminded by e-mail.`,
        variant: 'success',
      });
    },
    onError: () => showErrorToast(),
  });

  function exportCsv() {
    try {
      const rows = formCsvRows(query.data ?? [], perTraveller);
      downloadCsv(
        formCsvFileName(form.title, form.due_date),
        toCsv(formCsvColumns(form.fields, perTraveller), rows),
      );
      showToast({
        title: 'Export ready',
        description: `${rows.length} ${rows.length === 1 ? 'person' : 'people'} exported.`,
        variant: 'success',
      });
    } catch {
      showErrorToast();
    }
  }

  return (
    <section aria-labelledby="form-travellers-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="form-travellers-title" className="text-lg font-semibold">
          {form.title}: {form.event_title}, due {dueLabel(form.due_date)}
        </h3>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={!query.isSuccess || missing === 0 || remind.isPending}
            onClick={() => remind.mutate()}
          >
            Remind {missing} by e-mail
          </button>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={!query.isSuccess}
            onClick={exportCsv}
          >
            Export CSV
          </button>
        </div>
      </div>
      <p className="text-muted-foreground text-sm">
        {perTraveller
          ? 'Answered by each traveller on a booking.'
          : 'Answered once per booking by its holder.'}
      </p>
      {!query.isSuccess ? (
        <QueryWaiting query={query} what="travellers" />
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nobody is booked on this event yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Travellers and their answers</caption>
          <thead>
            <tr className="border-border border-b">
              <th scope="col" className="py-2 pr-3">
                {perTraveller ? 'Traveller' : 'Name'}
              </th>
              {perTraveller && (
                <th scope="col" className="py-2 pr-3">
                  Booked by
                </th>
              )}
              <th scope="col" className="py-2 pr-3">
                E-mail
              </th>
              <th scope="col" className="py-2 pr-3">
                Filled
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((row) => (
              <tr key={`${row.user_id}-${row.traveller_id ?? 'unnamed'}`} className="border-border border-b">
                <td className="py-2 pr-3">
                  {perTraveller
                    ? (row.traveller_name ?? `${row.unnamed} not named yet`)
                    : (row.full_name ?? '—')}
                </td>
                {perTraveller && <td className="py-2 pr-3">{row.full_name ?? '—'}</td>}
                <td className="py-2 pr-3">{row.email}</td>
                <td className="py-2 pr-3">{filledText(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ReminderHistory formId={form.id} />
    </section>
  );
}
