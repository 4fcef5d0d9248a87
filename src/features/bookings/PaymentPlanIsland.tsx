import { MemberRoot } from '../member/MemberRoot';
import { PaymentPlan } from './PaymentPlan';

export default function PaymentPlanIsland() {
  return (
    <MemberRoot>
      <PaymentPlan />
    </MemberRoot>
  );
}
