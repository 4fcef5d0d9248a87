import { MemberRoot } from '../member/MemberRoot';
import { ExtraPayment } from './ExtraPayment';

export default function ExtraPaymentIsland() {
  return (
    <MemberRoot>
      <ExtraPayment />
    </MemberRoot>
  );
}
