import { MemberRoot } from '../member/MemberRoot';
import type { BookingFlowProps } from './BookingFlow';
import { BookPage } from './BookPage';

export default function BookIsland(props: BookingFlowProps) {
  return (
    <MemberRoot>
      <BookPage {...props} />
    </MemberRoot>
  );
}
