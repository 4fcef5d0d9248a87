/**
 * The cart in every page's chrome, loaded by chrome-state.ts only once there may be a cart (and by /store):
 * the header's count and the sheet's empty text kept in step with the cart store, the sheet's contents
 * filled in the first time it opens (their code and the prices come only then), and a member's cart kept
 * in the database: merged at sign-in, forgotten by this device at sign-out (cart-sync.ts).
 */
import { computed } from 'nanostores';
import { $cartCount, CART_OWNER_KEY } from '../../stores/cart';
import { $loading, $sessionUser } from '../../stores/session';

function all(selector: string): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(selector));
}

$cartCount.subscribe((count) => {
  for (const badge of all('[data-cart-count]')) badge.textContent = String(count);
  for (const unit of all('[data-cart-unit]')) unit.textContent = count === 1 ? ' item' : ' items';
  for (const element of all('[data-cart-empty]')) element.hidden = count > 0;
});

const sheet = document.getElementById('cart-sheet');
const holder = sheet?.querySelector<HTMLElement>('[data-cart-lines]');
if (sheet instanceof HTMLDialogElement && holder) {
  const fillSheet = () => {
    opened.disconnect();
    void import('./cart-sheet-view').then(({ mountCart }) => mountCart(holder));
  };
  const opened = new MutationObserver(() => {
    if (sheet.open) fillSheet();
  });
  opened.observe(sheet, { attributes: true, attributeFilter: ['open'] });
  if (sheet.open) fillSheet();
}

function ownedCart(): boolean {
  try {
    return localStorage.getItem(CART_OWNER_KEY) !== null;
  } catch {
    return false;
  }
}

// Once the session check is done: a member's cart follows them; at sign-out it leaves this device.
computed([$sessionUser, $loading], (user, loading) => (loading ? undefined : (user?.id ?? null))).subscribe(
  (userId) => {
    if (userId === undefined || (!userId && !ownedCart())) return;
    void import('./cart-sync').then((sync) => (userId ? sync.followMember(userId) : sync.forgetMember()));
  },
);
