import { MemberRoot } from '../member/MemberRoot';
import { AdminRouter } from './AdminRouter';

/**
 * /admin and every path under it (public/_redirects serves this one shell): admins only, checked by
 * MemberGate for comfort; row-level security decides what anyone may read or change. The router and the
 * query cache live here; each screen's code loads when its route is first opened.
 */
export default function AdminIsland() {
  return (
    <MemberRoot adminsOnly>
      <AdminRouter />
    </MemberRoot>
  );
}
