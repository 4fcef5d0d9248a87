/** The state or territory of an Australian address: a labelled select, its error tied to it. */
export function AddressState<S extends string>({
  id,
  name,
  value,
  onChange,
  error,
  states,
  names,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  states: readonly S[];
  names: Record<S, string>;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-1 text-sm">
        <label htmlFor={id} className="font-medium">
          State or territory
        </label>
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </div>
      <select
        id={id}
        name={name}
        value={value}
        required
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`bg-background text-foreground w-full rounded-md border px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-1 ${error ? 'border-destructive' : 'border-border'}`}
      >
        <option value="">Choose…</option>
        {states.map((state) => (
          <option key={state} value={state}>
            {names[state]} ({state})
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
