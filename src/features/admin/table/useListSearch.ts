import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ListSearch } from '../search';

/**
 * A list screen's state (search text, page, sort, filter) read from and written to the address, so the back
 * button, a reload and a shared link all show the same rows. A new search or filter goes back to page 1.
 */
export function useListSearch(): [ListSearch, (next: Partial<ListSearch>) => void] {
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  const update = useCallback(
    (next: Partial<ListSearch>) => {
      const resetsPage = 'q' in next || 'filter' in next || 'sort' in next || 'dir' in next;
      void navigate({
        to: '.',
        replace: 'q' in next,
        search: (previous: ListSearch) => {
          const merged: ListSearch = { ...previous, ...next };
          if (resetsPage && !('page' in next)) delete merged.page;
          for (const key of Object.keys(merged) as (keyof ListSearch)[])
            if (merged[key] === undefined || merged[key] === '') delete merged[key];
          return merged;
        },
      } as never);
    },
    [navigate],
  );
  return [search, update];
}
