import { MemberRoot } from '../member/MemberRoot';
import { BookingFlow, type BookingFlowProps } from './BookingFlow';

export default function BookIsland(props: BookingFlowProps) {
  return (
    <MemberRoot>
      <BookingFlow {...props} />
    </MemberRoot>
  );
}
