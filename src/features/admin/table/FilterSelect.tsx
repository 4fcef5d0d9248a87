import { useId } from 'react';

/**
 * A list's one filter (the address's `filter`), labelled, beside the search box in DataTable's toolbar. An
 * unknown value in the address shows the first option, as the screen's query treats it.
 */
export function FilterSelect({
  label = 'Show',
  options,
  value,
  onChange,
}: {
  label?: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (filter: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={options.some((option) => option.value === value) ? value : (options[0]?.value ?? '')}
        onChange={(event) => onChange(event.target.value)}
        className="border-border bg-background h-10 rounded-md border px-3"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
