import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { QueryWaiting } from '../../../components/ui/QueryStatus';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { dueLabel } from '../../traveller-forms/traveller-forms';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { deleteTravellerForm, fetchTravellerForms, type AdminTravellerForm } from './forms-builder.data';
import { FormTravellers } from './FormTravellers';
import { NewFormSection } from './NewFormSection';

/** /admin/forms: traveller forms per event, who has filled them, reminders and the answers as CSV. */
export function FormsBuilderPage() {
  const queryClient = useQueryClient();
  const forms = useQuery({ queryKey: ['admin', 'forms', 'list'], queryFn: fetchTravellerForms });
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminTravellerForm | null>(null);
  const open = forms.data?.find((form) => form.id === openId) ?? null;
  const remove = useMutation({
    mutationFn: (form: AdminTravellerForm) => deleteTravellerForm(form.id),
    onSuccess: (_, form) => {
      if (openId === form.id) setOpenId(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'forms', 'list'] });
      showToast({
        title: 'Form deleted',
        description: `"${form.title}" and its answers are gone.`,
        variant: 'success',
      });
    },
    onError: () => showErrorToast(),
  });

  return (
    <AdminPage
      title="Traveller forms"
      description="Forms travellers booked on an event fill from their dashboard by a due date."
    >
      <NewFormSection onCreated={setOpenId} />
      <section aria-labelledby="forms-list-title" className="space-y-3">
        <h3 id="forms-list-title" className="text-lg font-semibold">
          Forms
        </h3>
        {!forms.isSuccess ? (
          <QueryWaiting query={forms} what="forms" />
        ) : forms.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No forms yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Traveller forms</caption>
            <thead>
              <tr className="border-border border-b">
                <th scope="col" className="py-2 pr-3">
                  Title
                </th>
                <th scope="col" className="py-2 pr-3">
                  Event
                </th>
                <th scope="col" className="py-2 pr-3">
                  Due
                </th>
                <th scope="col" className="py-2 pr-3">
                  Questions
                </th>
                <th scope="col" className="py-2 pr-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {forms.data.map((form) => (
                <tr key={form.id} className="border-border border-b">
                  <td className="py-2 pr-3">{form.title}</td>
                  <td className="py-2 pr-3">{form.event_title}</td>
                  <td className="py-2 pr-3">{dueLabel(form.due_date)}</td>
                  <td className="py-2 pr-3">{form.fields.length}</td>
                  <td className="flex gap-2 py-2 pr-3">
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
                      className={buttonClass('ghost', 'sm')}
                      aria-label={`Delete ${form.title}, ${form.event_title}`}
                      onClick={() => setDeleting(form)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {open && <FormTravellers key={open.id} form={open} />}
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
