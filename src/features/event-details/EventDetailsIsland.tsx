import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { IslandRoot } from '../../components/ui/IslandRoot';
import { createQueryClient } from '../../lib/query/query-client';
import { EventDetails, type EventDetailsProps } from './EventDetails';

/** The /event-details shell's island: error boundary, the server-state cache, the page. */
export default function EventDetailsIsland(props: EventDetailsProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <IslandRoot>
      <QueryClientProvider client={queryClient}>
        <EventDetails {...props} />
      </QueryClientProvider>
    </IslandRoot>
  );
}
