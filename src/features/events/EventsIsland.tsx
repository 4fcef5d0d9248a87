import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { IslandRoot } from '../../components/ui/IslandRoot';
import { createQueryClient } from '../../lib/query/query-client';
import { EventsList, type EventsListProps } from './EventsList';

/** The events page's island: error boundary, the server-state cache, the list. */
export default function EventsIsland(props: EventsListProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <IslandRoot>
      <QueryClientProvider client={queryClient}>
        <EventsList {...props} />
      </QueryClientProvider>
    </IslandRoot>
  );
}
