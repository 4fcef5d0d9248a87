import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorFallback } from './ErrorFallback';

describe('ErrorBoundary', () => {
  it('renders its children when nothing fails', () => {
    expect(
      renderToStaticMarkup(
        <ErrorBoundary>
          <p>fine</p>
        </ErrorBoundary>,
      ),
    ).toBe('<p>fine</p>');
  });

  it('switches to the fallback state once a rendering error is caught', () => {
    expect(ErrorBoundary.getDerivedStateFromError()).toEqual({ hasError: true });
    const boundary = new ErrorBoundary({ children: <p>fine</p> });
    boundary.state = ErrorBoundary.getDerivedStateFromError();
    expect(renderToStaticMarkup(<>{boundary.render()}</>)).toBe(renderToStaticMarkup(<ErrorFallback />));
  });

  it('logs what it caught', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    new ErrorBoundary({ children: null }).componentDidCatch(new Error('boom'), { componentStack: 'at X' });
    expect(log).toHaveBeenCalledWith('Island crashed', expect.objectContaining({ message: 'boom' }), 'at X');
    log.mockRestore();
  });
});

describe('ErrorFallback', () => {
  it('shows the spec texts and a reload button', () => {
    const html = renderToStaticMarkup(<ErrorFallback />);
    expect(html).toContain('Something went wrong');
    expect(html).toContain(
      'We&#x27;re sorry, but something unexpected happened. Please try refreshing the page.',
    );
    expect(html).toMatch(/<button type="button"[^>]*>Refresh Page<\/button>/);
  });
});
