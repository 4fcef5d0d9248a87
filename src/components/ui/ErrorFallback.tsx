import { buttonClass } from './button-styles';

/** What a crashed island shows instead of itself. Only a reload recovers. */
export function ErrorFallback() {
  return (
    <div
      role="alert"
      className="border-border bg-card text-card-foreground rounded-xl border p-6 text-center"
    >
      <h2 className="text-xl font-semibold">Something went wrong</h2>
      <p className="text-muted-foreground mt-2">
        We&apos;re sorry, but something unexpected happened. Please try refreshing the page.
      </p>
      <button
        type="button"
        className={buttonClass('primary', 'md', 'mt-4')}
        onClick={() => window.location.reload()}
      >
        Refresh Page
      </button>
    </div>
  );
}
