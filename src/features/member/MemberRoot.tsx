import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { IslandRoot } from '../../components/ui/IslandRoot';
import { createQueryClient } from '../../lib/query/query-client';
import { MemberGate } from '../auth/MemberGate';

/**
 * The root of every member page's island: error boundary and ready signal (IslandRoot), the server-state
 * cache, and the gate that sends visitors to /login (and non-admins away from admin pages).
 */
export function MemberRoot({ children, adminsOnly = false }: { children: ReactNode; adminsOnly?: boolean }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <IslandRoot>
      <QueryClientProvider client={queryClient}>
        <MemberGate adminsOnly={adminsOnly}>{children}</MemberGate>
      </QueryClientProvider>
    </IslandRoot>
  );
}
