import { useMutation, useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../../components/ui/button-styles';
import { QueryWaiting } from '../../../components/ui/QueryStatus';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { dueLabel } from '../../traveller-forms/traveller-forms';
import { downloadCsv, toCsv } from '../table/csv';
import { formCsvColumns, formCsvFileName } from './form-csv';
import { fetchFormTravellers, remindTravellers, type AdminTravellerForm } from './forms-builder.data';

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** One form's travellers: who has filled it and who not, a reminder to the latter, and the answers as CSV. */
export function FormTravellers({ form }: { form: AdminTravellerForm }) {
  const query = useQuery({
    queryKey: ['admin', 'forms', 'travellers', form.id],
    queryFn: () => fetchFormTravellers(form.id),
  });
  const missing = query.data?.filter((row) => !row.submitted_at).length ?? 0;
  const remind = useMutation({
    mutationFn: () => remindTravellers(form.id),
    onSuccess: (count) =>
      showToast({
        title: 'Reminders sent',
        description: `${count} ${count === 1 ? 'traveller' : 'travellers'} reminded by e-mail.`,
        variant: 'success',
      }),
    onError: () => showErrorToast(),
  });

  function exportCsv() {
    try {
      const rows = query.data ?? [];
      downloadCsv(formCsvFileName(form.title, form.due_date), toCsv(formCsvColumns(form.fields), rows));
      showToast({
        title: 'Export ready',
        description: `${rows.length} ${rows.length === 1 ? 'traveller' : 'travellers'} exported.`,
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
                Name
              </th>
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
              <tr key={row.user_id} className="border-border border-b">
                <td className="py-2 pr-3">{row.full_name ?? '—'}</td>
                <td className="py-2 pr-3">{row.email}</td>
                <td className="py-2 pr-3">
                  {row.submitted_at ? when.format(new Date(row.submitted_at)) : 'Not filled'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
