import { MemberRoot } from '../member/MemberRoot';
import { Invoice, type Business } from './Invoice';

export default function InvoiceIsland({ business }: { business: Business }) {
  return (
    <MemberRoot>
      <Invoice business={business} />
    </MemberRoot>
  );
}
