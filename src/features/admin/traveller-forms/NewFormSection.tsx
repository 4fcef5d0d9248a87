import { EMPTY_FORM } from './form-builder-schema';
import { FormBuilder } from './FormBuilder';

/** Builds a new form: event, title, due date, who answers it and its questions. */
export function NewFormSection({ onCreated }: { onCreated: (id: string) => void }) {
  return (
    <section aria-labelledby="new-form-title" className="border-border space-y-4 rounded-lg border p-4">
      <h3 id="new-form-title" className="text-lg font-semibold">
        New form
      </h3>
      <FormBuilder initial={EMPTY_FORM} onSaved={onCreated} />
    </section>
  );
}
