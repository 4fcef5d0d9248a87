import { useId, type ReactNode } from 'react';

/** One titled card of an account page; the heading names the region for screen readers. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="bg-card text-card-foreground border-border rounded-lg border p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <div className="text-muted-foreground mt-1 text-sm">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A message that stays on the page (not a toast): the outcome of something the member must act on. */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'border-destructive rounded-md border-2 p-3 text-sm'
          : 'border-border bg-muted rounded-md border p-3 text-sm'
      }
    >
      {children}
    </div>
  );
}
