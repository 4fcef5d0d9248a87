import { MemberRoot } from '../member/MemberRoot';
import { AdminRouter } from './AdminRouter';
import { TripOptionsContext, type TripOption } from './trip-options';

/**
 * /admin and every path under it (public/_redirects serves this one shell): admins only, checked by
 * MemberGate for comfort; row-level security decides what anyone may read or change. The router and the
 * query cache live here; each screen's code loads when its route is first opened. `trips` are the Sanity
 * trips at build time, which the event form offers.
 */
export default function AdminIsland({ trips = [] }: { trips?: readonly TripOption[] }) {
  return (
    <MemberRoot adminsOnly>
      <TripOptionsContext.Provider value={trips}>
        <AdminRouter />
      </TripOptionsContext.Provider>
    </MemberRoot>
  );
}
