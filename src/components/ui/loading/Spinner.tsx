interface SpinnerProps {
  /** Read out by screen readers while the spinner shows. */
  label?: string;
}

export function Spinner({ label = 'Loading…' }: SpinnerProps) {
  return (
    <div role="status" className="flex items-center justify-center p-6">
      <span
        aria-hidden="true"
        className="border-muted border-t-primary size-8 animate-spin rounded-full border-4 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
