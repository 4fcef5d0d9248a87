import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardSkeleton } from './CardSkeleton';
import { LoadingPlaceholder } from './LoadingPlaceholder';
import { PageSkeleton } from './PageSkeleton';
import { Spinner } from './Spinner';
import { TableSkeleton } from './TableSkeleton';

function count(html: string, needle: string): number {
  return html.split(needle).length - 1;
}

/** The status roles a screen reader would hear: those not inside an aria-hidden subtree. */
function announcedStatuses(html: string): number {
  const visible = html.replace(/<div aria-hidden="true"[^>]*>[\s\S]*$/, '');
  return count(visible, 'role="status"');
}

describe('loading placeholders', () => {
  it('spinner announces its status text', () => {
    const html = renderToStaticMarkup(<Spinner />);
    expect(html).toContain('role="status"');
    expect(html).toContain('<span class="sr-only">Loading…</span>');
    expect(renderToStaticMarkup(<Spinner label="Loading events..." />)).toContain('Loading events...');
  });

  it('table skeleton draws 5 rows of 4 cells by default', () => {
    const html = renderToStaticMarkup(<TableSkeleton />);
    expect(count(html, 'data-skeleton-row=""')).toBe(5);
    expect(count(html, 'data-skeleton=""')).toBe(20);
    expect(html).toContain('role="status"');
  });

  it('table skeleton takes other sizes', () => {
    const html = renderToStaticMarkup(<TableSkeleton rows={2} cells={3} />);
    expect(count(html, 'data-skeleton-row=""')).toBe(2);
    expect(count(html, 'data-skeleton=""')).toBe(6);
  });

  it('card skeleton is one status with hidden shapes', () => {
    const html = renderToStaticMarkup(<CardSkeleton />);
    expect(count(html, 'role="status"')).toBe(1);
    expect(count(html, 'aria-hidden="true"')).toBe(count(html, 'data-skeleton=""'));
  });

  it('page skeleton announces once although it draws cards', () => {
    const html = renderToStaticMarkup(<PageSkeleton />);
    expect(html).toContain('Loading page…');
    expect(count(html, 'data-skeleton=""')).toBeGreaterThan(3 * 4);
    expect(announcedStatuses(html)).toBe(1);
  });

  it('defaults to the spinner and picks the others by name', () => {
    expect(renderToStaticMarkup(<LoadingPlaceholder />)).toBe(renderToStaticMarkup(<Spinner />));
    expect(renderToStaticMarkup(<LoadingPlaceholder variant="table" />)).toBe(
      renderToStaticMarkup(<TableSkeleton />),
    );
    expect(renderToStaticMarkup(<LoadingPlaceholder variant="card" label="x" />)).toBe(
      renderToStaticMarkup(<CardSkeleton label="x" />),
    );
    expect(renderToStaticMarkup(<LoadingPlaceholder variant="page" />)).toBe(
      renderToStaticMarkup(<PageSkeleton />),
    );
  });
});
