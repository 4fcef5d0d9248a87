import { formatDateTime } from '../../../lib/format/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '../../../components/ui/button-styles';
import { messageProblem } from '../../../lib/rules/fields';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { ruleString } from '../../../lib/forms/rule-schema';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { addCustomerNote, deleteCustomerNote, type CustomerRecord } from './customers.data';

// The note's rule is the messages' rule, as customer_notes.body's CHECK (private.is_message) says.
const noteSchema = z.object({
  body: ruleString((value) => messageProblem(value, 'note', { required: true })),
});
type NoteValues = z.infer<typeof noteSchema>;

/** Notes by staff: newest first, added below, deleted after a confirmation. Admins only (RLS). */
export function CustomerNotes({ record }: { record: CustomerRecord }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<string | null>(null);
  const form = useForm<NoteValues>({ resolver: zodResolver(noteSchema), defaultValues: { body: '' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
  const add = useMutation({
    mutationFn: (values: NoteValues) => addCustomerNote(record.profile, values.body.trim()),
    onSuccess: async () => {
      form.reset({ body: '' });
      showToast({
        title: 'Note added',
        description: 'Your note is on this customer’s record.',
        variant: 'success',
      });
      await refresh();
    },
    onError: () => showErrorToast(),
  });

  return (
    <div className="space-y-4">
      {record.notes.length === 0 ? (
        <p className="text-muted-foreground text-sm">No notes yet.</p>
      ) : (
        <ul className="space-y-3">
          {record.notes.map((note) => (
            <li key={note.id} className="border-border rounded-md border p-3">
              <p className="whitespace-pre-line">{note.body}</p>
              <div className="text-muted-foreground mt-2 flex flex-wrap items-center justify-between gap-2 text-xs">
                <span>
                  {note.author_name ?? 'A former admin'}, {formatDateTime(note.created_at)}
                </span>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  onClick={() => setDeleting(note.id)}
                >
                  Delete note
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <FormProvider {...form}>
        <form
          noValidate
          className="space-y-2"
          onSubmit={(event) =>
            void form.handleSubmit((values) => add.mutateAsync(values).catch(() => {}))(event)
          }
        >
          <FormField<NoteValues> name="body" label="New note" rows={3} hint="Only staff see notes." />
          <button type="submit" className={buttonClass('primary', 'sm')} disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </button>
        </form>
      </FormProvider>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        message="The note leaves this customer’s record. The audit log keeps a copy."
        confirmLabel="Delete note"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await deleteCustomerNote(deleting ?? '');
            setDeleting(null);
            showToast({ title: 'Note deleted', variant: 'success' });
            await refresh();
          } catch {
            showErrorToast();
          }
        }}
      />
    </div>
  );
}
