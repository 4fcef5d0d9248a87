import { MemberRoot } from '../member/MemberRoot';
import { PaymentPlan, type BankTransfer } from './PaymentPlan';

export default function PaymentPlanIsland({ bank }: { bank: BankTransfer }) {
  return (
    <MemberRoot>
      <PaymentPlan bank={bank} />
    </MemberRoot>
  );
}
