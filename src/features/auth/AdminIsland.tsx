import { MemberRoot } from '../member/MemberRoot';
import { AdminHome } from './AdminHome';

/** /admin (and every path under it, through public/_redirects): admins only, checked by MemberGate. */
export default function AdminIsland() {
  return (
    <MemberRoot adminsOnly>
      <AdminHome />
    </MemberRoot>
  );
}
