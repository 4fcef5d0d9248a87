import { IslandRoot } from '../../components/ui/IslandRoot';
import { AdminHome } from './AdminHome';
import { MemberGate } from './MemberGate';

/**
 * /admin (and every path under it, through public/_redirects): admins only, checked by MemberGate. The
 * admin home reads nothing yet, so it goes without MemberRoot's query cache (9 KB); the admin issues add it
 * with their first query.
 */
export default function AdminIsland() {
  return (
    <IslandRoot>
      <MemberGate adminsOnly>
        <AdminHome />
      </MemberGate>
    </IslandRoot>
  );
}
