import { buttonClass } from '@/components/ui/button-styles';

/** The 404 page's title and description (BaseLayout appends the brand to the title). */
export const NOT_FOUND_TITLE = 'Page not found';
export const NOT_FOUND_DESCRIPTION = 'The page you were looking for does not exist.';

/**
 * The site's 404 page: src/pages/404.astro renders it at build time (no JavaScript), and the admin area shows
 * it for an address under /admin that no screen answers, so both read the same.
 */
export function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-accent text-6xl font-bold" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-4xl font-bold">Oops! Page not found</h1>
      <p className="text-muted-foreground mt-4">
        The page you were looking for has vanished like a ghost in the night, or it never existed.
      </p>
      <a href="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        Return to Home
      </a>
    </div>
  );
}
