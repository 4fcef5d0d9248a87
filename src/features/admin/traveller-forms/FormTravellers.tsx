import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { dueLabel } from '../../traveller-forms/traveller-forms';
import type { ListSearch } from '../search';
import { downloadCsv, toCsv } from '../table/csv';
import { DataTable } from '../table/DataTable';
import { formCsvColumns, formCsvFileName, formCsvRows } from './form-csv';
import { peoplePage, personName } from './form-people';
import {
  fetchFormTravellers,
  remindTravellers,
  type AdminTravellerForm,
  type FormTraveller,
} from './admin-traveller-forms.data';
import { ReminderHistory } from './ReminderHistory';

/** Whether a row is done, as the table says it. */
function filledText(row: FormTraveller): string {
  if (row.submitted_at) return formatDateTime(row.submitted_at);
  return row.traveller_id === null && row.unnamed > 0 ? 'Travellers not named yet' : 'Not filled';
}

const column = createColumnHelper<FormTraveller>();
const contact = [
  column.accessor('email', { id: 'email', header: 'E-mail', enableSorting: false }),
  column.accessor('submitted_at', {
    id: 'filled',
    header: 'Filled',
    cell: ({ row }) => filledText(row.original),
  }),
];
const HOLDER_COLUMNS = [
  column.accessor((row) => personName(row, false), { id: 'name', header: 'Name' }),
  ...contact,
];
const TRAVELLER_COLUMNS = [
  column.accessor((row) => personName(row, true), { id: 'name', header: 'Traveller' }),
  column.accessor((row) => row.full_name ?? '—', {
    id: 'booked_by',
    header: 'Booked by',
    enableSorting: false,
  }),
  ...contact,
];

/**
 * One form's people: who has filled it and who not (one row per traveller for a form each traveller
 * answers), a reminder to the members with something to do, its history, and the answers as CSV.
 */
export function FormTravellers({ form }: { form: AdminTravellerForm }) {
  const queryClient = useQueryClient();
  const perTraveller = form.answered_by === 'traveller';
  // The table's own sort and page (the address holds the forms list's).
  const [table, setTable] = useState<ListSearch>({});
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
      {query.isSuccess && query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nobody is booked on this event yet.</p>
      ) : (
        <DataTable
          caption="Travellers and their answers"
          columns={perTraveller ? TRAVELLER_COLUMNS : HOLDER_COLUMNS}
          rows={query.data ? peoplePage(query.data, table, perTraveller) : undefined}
          total={query.data?.length}
          getRowId={(row) => `${row.user_id}-${row.traveller_id ?? 'unnamed'}`}
          state={table}
          onStateChange={(next) => setTable((old) => ({ ...old, page: undefined, ...next }))}
          isError={query.isError}
          emptyText="Nobody is booked on this event yet."
        />
      )}
      <ReminderHistory formId={form.id} />
    </section>
  );
}
