import { useEffect, type ReactNode } from 'react';

/**
 * One admin screen: its heading (the page's h1 is the area's), a line saying what it is for, the screen's
 * own actions beside the heading, and the browser tab's title.
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Admin`;
  }, [title]);
  return (
    <section aria-labelledby="admin-page-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="admin-page-title" className="text-2xl font-semibold">
            {title}
          </h2>
          {description && <p className="text-muted-foreground mt-1 text-sm">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2 print:hidden">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
