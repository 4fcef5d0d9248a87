import { IslandRoot } from '../../components/ui/IslandRoot';
import { $isAdmin } from '../../stores/session';
import { AuthTabs } from './AuthTabs';
import { goOnAfterSignIn } from './go-on';

export interface RegisterIslandProps {
  idPrefix: string;
  vipDialogId: string;
}

/** The landing page's registration overlay: the auth card's tabs, opened on Register. */
export default function RegisterIsland({ idPrefix, vipDialogId }: RegisterIslandProps) {
  return (
    <IslandRoot>
      <AuthTabs
        idPrefix={idPrefix}
        initialTab="register"
        vipDialogId={vipDialogId}
        onSignedIn={() => goOnAfterSignIn($isAdmin.get())}
      />
    </IslandRoot>
  );
}
