import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface QueryWaitingProps {
  query: Pick<UseQueryResult, 'isPending' | 'isError'>;
  /** What the page lists, in the member's words: 'favourites', 'bookings'… */
  what: string;
}

/**
 * A member page's list while its query runs ('Loading your {what}…') or after it failed (the refresh
 * advice); nothing once the data is there. One wording for every member page.
 */
export function QueryWaiting({ query, what }: QueryWaitingProps) {
  if (query.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        {`Loading your ${what}…`}
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-destructive">
        {`We could not load your ${what}. Please refresh the page to try again.`}
      </p>
    );
  return null;
}

/** QueryWaiting until the data is there, then what `children` makes of it. */
export function QueryStatus<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  return query.isSuccess ? <>{children(query.data)}</> : <QueryWaiting query={query} what={what} />;
}
