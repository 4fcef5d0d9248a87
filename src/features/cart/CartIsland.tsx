import { IslandRoot } from '../../components/ui/IslandRoot';
import { CartLines } from './CartLines';

/**
 * The cart sheet's island (client:intent: it loads when the shopper reaches for the cart button or the sheet
 * opens, never with the page): the lines, prices and total. Until then the sheet shows only what the count
 * alone decides ('Your cart is empty').
 */
export default function CartIsland() {
  return (
    <IslandRoot>
      <CartLines />
    </IslandRoot>
  );
}
