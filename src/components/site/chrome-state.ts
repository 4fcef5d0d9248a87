/**
 * Keeps the static chrome in step with the shared stores: the theme toggles, the cart count and sheet,
 * and every element that depends on being signed in. Elements opt in with data attributes:
 *   data-theme-toggle                       a button that toggles the theme (aria-pressed = dark)
 *   data-cart-count / data-cart-unit / data-cart-empty
 *   data-when-signed-in / data-when-signed-out / data-when-admin / data-session-name / data-session-tier
 *   data-sign-out                           signs out everywhere (a failure is shown as a toast)
 */
import { computed } from 'nanostores';
import { tierLabel } from '../../lib/format/membership-tier';
import { $loading, $sessionUser, sessionDisplayName, signOut, startSession } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { showCarriedToast } from './carried-toast';
import { $theme, syncThemeFromDocument, toggleTheme } from '../../stores/theme';

function all<T extends HTMLElement = HTMLElement>(selector: string): T[] {
  return Array.from(document.querySelectorAll<T>(selector));
}

syncThemeFromDocument();
$theme.subscribe((theme) => {
  for (const button of all('[data-theme-toggle]'))
    button.setAttribute('aria-pressed', String(theme === 'dark'));
});

// The cart (issue 24) loads only when there may be one: a cart stored in this browser, one another tab
// starts, a signed-in member's, or on /store (store-page.ts loads it). Until then the count is the page's 0
// and the sheet says the cart is empty, which is true. The key is stores/cart.ts's CART_STORAGE_KEY, named
// here because importing it would load the store at once (cart.test.ts holds them equal).
const CART_STORAGE_KEY = 'cart';
const loadCart = () => void import('../../features/cart/cart-chrome');
try {
  if ((localStorage.getItem(CART_STORAGE_KEY) ?? '[]') !== '[]') loadCart();
} catch {
  // Storage refused: there is no cart to show.
}
addEventListener('storage', (event) => {
  if (event.key === CART_STORAGE_KEY) loadCart();
});

showCarriedToast();

// supabase-js loads only if this browser holds a session (or another tab signs in).
startSession();
$sessionUser.subscribe((user) => {
  for (const element of all('[data-when-signed-in]')) element.hidden = !user;
  for (const element of all('[data-when-signed-out]')) element.hidden = Boolean(user);
  for (const element of all('[data-when-admin]')) element.hidden = !user?.isAdmin;
  for (const element of all('[data-session-name]'))
    element.textContent = user ? sessionDisplayName(user) : '';
  for (const element of all('[data-session-tier]')) {
    element.textContent = tierLabel(user?.tier);
    element.hidden = !element.textContent;
  }
});

// <html data-signed-in> shows member-only parts ([data-members-only], the /support page's member menu).
// A stored session set it before the first paint (MemberLayout); once the check is done it follows the
// session, so a member keeps it without a flash and an expired session or a sign-out removes it.
computed([$sessionUser, $loading], (user, loading) => (loading ? undefined : (user?.id ?? null))).subscribe(
  (userId) => {
    if (userId === undefined) return;
    document.documentElement.toggleAttribute('data-signed-in', Boolean(userId));
    if (userId) loadCart();
  },
);

async function signOutEverywhere(): Promise<void> {
  const { error } = await signOut();
  if (error)
    showToast({
      title: 'Sign Out Failed',
      description: 'Please check your connection and try again.',
      variant: 'destructive',
    });
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[data-theme-toggle]')) toggleTheme();
  if (target?.closest('[data-sign-out]')) void signOutEverywhere();
});
