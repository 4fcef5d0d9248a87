import type { Business } from '../invoices/Invoice';
import { MemberRoot } from '../member/MemberRoot';
import { OrderPage } from './OrderPage';

export default function OrderIsland({ business }: { business: Business }) {
  return (
    <MemberRoot>
      <OrderPage business={business} />
    </MemberRoot>
  );
}
