import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { IslandRoot } from '../../components/ui/IslandRoot';
import { $isAdmin, $loading, $user } from '../../stores/session';
import { AuthTabs } from './AuthTabs';
import { goOnAfterSignIn } from './go-on';

export interface LoginIslandProps {
  vipDialogId: string;
}

/**
 * The /login page's auth card: Login by default, Register with `?tab=register`. Whoever is signed in here
 * (already, or by this form) is sent on: `next`, else /admin for admins, else /events.
 */
export default function LoginIsland({ vipDialogId }: LoginIslandProps) {
  const user = useStore($user);
  const loading = useStore($loading);
  const isAdmin = useStore($isAdmin);
  const signedIn = !loading && user !== null;

  useEffect(() => {
    if (signedIn) goOnAfterSignIn(isAdmin);
  }, [signedIn, isAdmin]);

  return (
    <IslandRoot>
      <AuthTabs idPrefix="login" initialTab="login" tabFromUrl vipDialogId={vipDialogId} />
    </IslandRoot>
  );
}
