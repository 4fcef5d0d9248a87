import { useEffect, useRef, type ReactNode } from 'react';
import { ISLAND_READY_EVENT } from '../../lib/islands/island-ready';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * The root of every React island: an error boundary, plus a layout-neutral wrapper that announces
 * ISLAND_READY_EVENT once React has mounted, so the `client:intent` directive can make the form usable and
 * move focus into it (src/lib/islands/intent-directive.ts).
 */
export function IslandRoot({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.dispatchEvent(new Event(ISLAND_READY_EVENT, { bubbles: true }));
  }, []);
  return (
    <div ref={root} className="contents">
      <ErrorBoundary>{children}</ErrorBoundary>
    </div>
  );
}
