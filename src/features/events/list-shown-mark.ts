import { useEffect } from 'react';

/** The user-timing mark the events benchmark reads (scripts/bench/report.ts): the list is on screen. */
export const LIST_SHOWN_MARK = 'events:list-shown';

/** Sets LIST_SHOWN_MARK once, after the first render that shows the list (an effect runs after commit). */
export function useListShownMark(shown: boolean): void {
  useEffect(() => {
    if (shown && performance.getEntriesByName(LIST_SHOWN_MARK, 'mark').length === 0)
      performance.mark(LIST_SHOWN_MARK);
  }, [shown]);
}
