import { MemberRoot } from '../member/MemberRoot';
import { ManageBooking } from './ManageBooking';

export default function ManageBookingIsland() {
  return (
    <MemberRoot>
      <ManageBooking />
    </MemberRoot>
  );
}
