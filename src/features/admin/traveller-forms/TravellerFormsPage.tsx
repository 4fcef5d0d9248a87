import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { dueLabel } from '../../traveller-forms/traveller-forms';
import { validateListSearch } from '../search';
import { DataTable } from '../table/DataTable';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EditFormSection } from './EditFormSection';
import {
  deleteTravellerForm,
  fetchTravellerForm,
  fetchTravellerForms,
  type AdminTravellerForm,
} from './admin-traveller-forms.data';
import { FormTravellers } from './FormTravellers';
import { NewFormSection } from './NewFormSection';

const column = createColumnHelper<AdminTravellerForm>();

/** /admin/forms: traveller forms per event, who has filled them, reminders and the answers as CSV. */
export function TravellerFormsPage() {
  const queryClient = useQueryClient();
  const [raw, update] = useListSearch();
  // The route takes any search; only the list's own keys, well formed, reach the query.
  const search = validateListSearch(raw);
  const list = useQuery({
    queryKey: ['admin', 'forms', 'list', search],
    queryFn: () => fetchTravellerForms(search),
    placeholderData: keepPreviousData,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [editId, setEditId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminTravellerForm | null>(null);
  const open = useQuery({
    queryKey: ['admin', 'forms', 'one', openId],
    queryFn: () => fetchTravellerForm(openId ?? ''),
    enabled: openId !== null,
  });
  const editing = useQuery({
    queryKey: ['admin', 'forms', 'one', editId],
    queryFn: () => fetchTravellerForm(editId ?? ''),
    enabled: editId !== null,
  });
  const remove = useMutation({
    mutationFn: (form: AdminTravellerForm) => deleteTravellerForm(form.id),
    onSuccess: (_, form) => {
      if (openId === form.id) setOpenId(null);
      if (editId === form.id) setEditId(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'forms', 'list'] });
      showToast({
        title: 'Form deleted',
        description: `"${form.title}" and its answers are gone.`,
        variant: 'success',
      });
    },
    onError: () => showErrorToast(),
  });

  const columns = [
    column.accessor('title', { id: 'title', header: 'Title' }),
    column.accessor('event_title', { id: 'event', header: 'Event', enableSorting: false }),
    column.accessor('due_date', {
      id: 'due_date',
      header: 'Due',
      cell: ({ getValue }) => dueLabel(getValue()),
    }),
    column.accessor('answered_by', {
      id: 'answered_by',
      header: 'Answered by',
      enableSorting: false,
      cell: ({ getValue }) => (getValue() === 'traveller' ? 'Each traveller' : 'Booking holder'),
    }),
    column.accessor((form) => form.fields.length, {
      id: 'questions',
      header: 'Questions',
      enableSorting: false,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: form } }) => (
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            aria-label={`Travellers for ${form.title}, ${form.event_title}`}
            onClick={() => setOpenId(form.id)}
          >
            Travellers
          </button>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            aria-label={`Edit ${form.title}, ${form.event_title}`}
            onClick={() => setEditId(form.id)}
          >
            Edit
          </button>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            aria-label={`Delete ${form.title}, ${form.event_title}`}
            onClick={() => setDeleting(form)}
          >
            Delete
          </button>
        </div>
      ),
    }),
  ];

  return (
    <AdminPage
      title="Traveller forms"
      description="Forms travellers booked on an event fill from their dashboard by a due date."
    >
      {editing.data ? (
        <EditFormSection key={`edit-${editing.data.id}`} form={editing.data} onDone={() => setEditId(null)} />
      ) : (
        <NewFormSection onCreated={setOpenId} />
      )}
      <section aria-labelledby="forms-list-title" className="space-y-3">
        <h3 id="forms-list-title" className="text-lg font-semibold">
          Forms
        </h3>
        <DataTable
          caption="Traveller forms"
          columns={columns}
          rows={list.data?.rows}
          total={list.data?.total}
          getRowId={(form) => form.id}
          state={search}
          onStateChange={update}
          isError={list.isError}
          searchLabel="Search forms by title"
          emptyText={search.q ? 'No forms match this search.' : 'No forms yet.'}
        />
      </section>
      {open.data && <FormTravellers key={`people-${open.data.id}`} form={open.data} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this form?"
        message={`"${deleting?.title ?? ''}" and every answer to it will be deleted.`}
        confirmLabel="Delete form"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting);
            setDeleting(null);
          } catch {
            // The mutation's onError has told the admin; the dialog stays open to try again.
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}
