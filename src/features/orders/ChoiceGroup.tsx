export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

/** A labelled group of radio buttons (a fieldset), its error announced and tied to the group. */
export function ChoiceGroup({
  legend,
  name,
  value,
  onChange,
  error,
  choices,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  choices: Choice[];
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="border-border space-y-3 rounded-lg border p-5"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 font-semibold">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex cursor-pointer items-start gap-3">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            className="mt-1 size-4"
          />
          <span>
            <span className="font-medium">{choice.label}</span>
            {choice.hint && <span className="text-muted-foreground block text-sm">{choice.hint}</span>}
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
