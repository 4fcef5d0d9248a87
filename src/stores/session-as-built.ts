import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import type { User } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import { $isAdmin, $loading, $user } from './session';

const noChanges = () => () => {};

/** False while React hydrates server-rendered HTML (and on the server), true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * The session as a built page renders it: while React hydrates the static HTML, a visitor's (nobody signed
 * in, nothing loading, not an admin), which is what the build rendered, so hydration matches it; from then
 * on the session store's. A client-only island never hydrates: it gets the store's values at once. A member's
 * browser hides what the build rendered for visitors until their own view is in (see EventsSkeleton.astro).
 */
export function useSessionAsBuilt(): { user: User | null; loading: boolean; isAdmin: boolean } {
  const user = useStore($user);
  const loading = useStore($loading);
  const isAdmin = useStore($isAdmin);
  const hydrated = useHydrated();
  return hydrated ? { user, loading, isAdmin } : { user: null, loading: false, isAdmin: false };
}

/** The signed-in member's id; undefined while the session is checked and nobody is known yet; null for nobody. */
const $memberId = computed([$user, $loading], (user, loading) => user?.id ?? (loading ? undefined : null));

/**
 * The member's id as a built page renders it (nobody while hydrating): for the parts of a list repeated per
 * card, which then render again only when who is signed in changes, not at each session event (a refreshed
 * token, the profile's arrival: issue 25, decision 0098).
 */
export function useMemberIdAsBuilt(): string | null | undefined {
  const memberId = useStore($memberId);
  return useHydrated() ? memberId : null;
}
