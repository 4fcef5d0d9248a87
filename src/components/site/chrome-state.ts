/**
 * Keeps the static chrome in step with the shared stores: the theme toggles, the cart count and sheet,
 * and every element that depends on being signed in. Elements opt in with data attributes:
 *   data-theme-toggle                       a button that toggles the theme (aria-pressed = dark)
 *   data-cart-count / data-cart-empty / data-cart-filled
 *   data-when-signed-in / data-when-signed-out / data-when-admin / data-session-name / data-session-tier
 *   data-sign-out                           signs out everywhere (a failure is shown as a toast)
 */
import { computed } from 'nanostores';
import { $cartCount, CART_OWNER_KEY } from '../../stores/cart';
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

$cartCount.subscribe((count) => {
  for (const badge of all('[data-cart-count]')) badge.textContent = String(count);
  for (const unit of all('[data-cart-unit]')) unit.textContent = count === 1 ? ' item' : ' items';
  for (const element of all('[data-cart-empty]')) element.hidden = count > 0;
  for (const element of all('[data-cart-filled]')) element.hidden = count === 0;
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
computed([$sessionUser, $loading], (user, loading) => (loading ? null : Boolean(user))).subscribe(
  (signedIn) => {
    if (signedIn !== null) document.documentElement.toggleAttribute('data-signed-in', signedIn);
  },
);

// A member's cart is kept in the database too (issue 24): merged at sign-in, saved on each change, and
// forgotten by this device at sign-out. The module loads only for a member, or at the sign-out of one.
computed([$sessionUser, $loading], (user, loading) => (loading ? undefined : (user?.id ?? null))).subscribe(
  (userId) => {
    if (userId === undefined) return;
    if (userId) void import('../../features/cart/cart-sync').then((sync) => sync.followMember(userId));
    else if (hasCartOwner()) void import('../../features/cart/cart-sync').then((sync) => sync.forgetMember());
  },
);

function hasCartOwner(): boolean {
  try {
    return localStorage.getItem(CART_OWNER_KEY) !== null;
  } catch {
    return false;
  }
}

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
