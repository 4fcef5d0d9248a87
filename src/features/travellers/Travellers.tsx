import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import type { TravellerInput } from './traveller-rules';
import { $user } from '../../stores/session';
import { showErrorToast, showToast } from '../../stores/toasts';
import { ModalDialog } from '../../components/ui/ModalDialog';
import { TravellerForm } from './TravellerForm';
import { EMPTY_TRAVELLER, toInput, toValues, type Traveller } from './travellers';
import { deleteTraveller, listTravellers, saveTraveller } from './travellers.data';
import { QueryWaiting } from '../../components/ui/QueryStatus';

type Editing = { traveller: Traveller | null } | null;

/** /customer-management: the people the member books for, with add, edit and delete. */
export function Travellers() {
  const userId = useStore($user)?.id ?? '';
  const queryClient = useQueryClient();
  const queryKey = ['travellers', userId];
  const query = useQuery({ queryKey, queryFn: () => listTravellers(userId), enabled: !!userId });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Traveller | null>(null);

  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TravellerInput }) =>
      saveTraveller(id, toValues(input)),
    onSuccess: (_result, { id, input }) => {
      showToast({
        title: id ? 'Traveller updated' : 'Traveller added',
        description: `${input.full_name.trim()} ${id ? 'has been updated' : 'has been added to your travellers'}.`,
        variant: 'success',
      });
      setEditing(null);
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: showErrorToast,
  });
  const remove = useMutation({
    mutationFn: (traveller: Traveller) => deleteTraveller(traveller.id),
    onSuccess: (_result, traveller) => {
      showToast({
        title: 'Traveller deleted',
        description: `${traveller.full_name} has been removed.`,
        variant: 'success',
      });
      setDeleting(null);
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: showErrorToast,
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground max-w-prose">
          The people you book for, yourself included. We use these details for bookings and on the trip.
        </p>
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => setEditing({ traveller: null })}
        >
          Add traveller
        </button>
      </div>
      {!query.isSuccess ? (
        <QueryWaiting query={query} what="travellers" />
      ) : query.data.length === 0 ? (
        <p className="border-border rounded-lg border border-dashed p-8 text-center">
          You have not added any travellers yet.
        </p>
      ) : (
        <TravellerTable
          travellers={query.data}
          onEdit={(traveller) => setEditing({ traveller })}
          onDelete={setDeleting}
        />
      )}

      <ModalDialog
        open={editing !== null}
        title={editing?.traveller ? 'Edit traveller' : 'Add traveller'}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <TravellerForm
            initial={editing.traveller ? toInput(editing.traveller) : EMPTY_TRAVELLER}
            submitLabel={editing.traveller ? 'Save changes' : 'Add traveller'}
            onCancel={() => setEditing(null)}
            // The mutation shows the outcome (its error is toasted above) and closes the dialog once saved.
            onSubmit={(input) =>
              save.mutateAsync({ id: editing.traveller?.id ?? null, input }).then(noop, noop)
            }
          />
        )}
      </ModalDialog>
      <ModalDialog open={deleting !== null} title="Delete traveller?" onClose={() => setDeleting(null)}>
        {deleting && (
          <div className="space-y-4">
            <p>
              {deleting.full_name} will be removed from your travellers and from any booking they are on. This
              cannot be undone.
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" className={buttonClass('outline')} onClick={() => setDeleting(null)}>
                Cancel
              </button>
              <button
                type="button"
                className={buttonClass('outline', 'md', 'border-destructive border-2')}
                disabled={remove.isPending}
                onClick={() => remove.mutate(deleting)}
              >
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </button>
            </div>
          </div>
        )}
      </ModalDialog>
    </div>
  );
}

function TravellerTable({
  travellers,
  onEdit,
  onDelete,
}: {
  travellers: Traveller[];
  onEdit: (traveller: Traveller) => void;
  onDelete: (traveller: Traveller) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">My travellers</caption>
        <thead>
          <tr className="border-border border-b">
            <th scope="col" className="py-2 pr-4">
              Name
            </th>
            <th scope="col" className="py-2 pr-4">
              Date of birth
            </th>
            <th scope="col" className="py-2 pr-4">
              Phone
            </th>
            <th scope="col" className="py-2 pr-4">
              Emergency contact
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {travellers.map((traveller) => (
            <tr key={traveller.id} className="border-border border-b">
              <th scope="row" className="py-2 pr-4 font-medium">
                {traveller.full_name}
              </th>
              <td className="py-2 pr-4">
                {traveller.date_of_birth ? formatOrdinalDate(traveller.date_of_birth) : '—'}
              </td>
              <td className="py-2 pr-4">{traveller.phone ?? '—'}</td>
              <td className="py-2 pr-4">
                {[traveller.emergency_contact_name, traveller.emergency_contact_phone]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </td>
              <td className="py-2">
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className={buttonClass('outline', 'sm')}
                    aria-label={`Edit ${traveller.full_name}`}
                    onClick={() => onEdit(traveller)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={`Delete ${traveller.full_name}`}
                    onClick={() => onDelete(traveller)}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function noop(): void {}
