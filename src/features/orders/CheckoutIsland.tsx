import { MemberRoot } from '../member/MemberRoot';
import { Checkout } from './Checkout';

export default function CheckoutIsland() {
  return (
    <MemberRoot>
      <Checkout />
    </MemberRoot>
  );
}
