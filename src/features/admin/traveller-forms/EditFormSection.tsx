import { buttonClass } from '../../../components/ui/button-styles';
import { toBuilderValues } from './form-builder-schema';
import { FormBuilder } from './FormBuilder';
import type { AdminTravellerForm } from './admin-traveller-forms.data';

/** Changes a saved form; once people have answered, the database keeps their answers true. */
export function EditFormSection({ form, onDone }: { form: AdminTravellerForm; onDone: () => void }) {
  return (
    <section aria-labelledby="edit-form-title" className="border-border space-y-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="edit-form-title" className="text-lg font-semibold">
          Edit {form.title}
        </h3>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onDone}>
          Close the editor
        </button>
      </div>
      <p className="text-muted-foreground text-sm">
        Once someone has answered, questions with answers stay (their wording and whether they are required
        may change), chosen options stay, and new questions are optional.
      </p>
      <FormBuilder
        formId={form.id}
        eventTitle={form.event_title}
        initial={toBuilderValues(form)}
        onSaved={onDone}
      />
    </section>
  );
}
