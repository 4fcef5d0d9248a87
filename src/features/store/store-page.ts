/**
 * /store in the browser, without React: the filter kept in the address (the links work without JavaScript;
 * with it the page filters in place and Back returns to the previous filter), Add to Cart (the chosen size,
 * capped by the stock the page knows; the database checks again when the cart is priced), and one read of
 * public.store_items through the REST API (no supabase-js) so that stock and statuses that changed since
 * the build show without a rebuild.
 */
import { cart, countOf } from '../../stores/cart';
// The header's count and the cart sheet, live from the first Add to Cart.
import '../cart/cart-chrome';
import { showToast } from '../../stores/toasts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../lib/supabase/config';
import {
  filterOf,
  searchWith,
  storeItemOf,
  type StoreFilter,
  type StoreItem,
  type StoreItemRow,
} from './store-items';

function applyFilter(filter: StoreFilter): void {
  if (filter === 'all') delete document.documentElement.dataset['storeShow'];
  else document.documentElement.dataset['storeShow'] = filter;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-store-filter]')) {
    if (link.dataset['storeFilter'] === filter) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
}

function onFilterClick(event: MouseEvent): void {
  const link =
    event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-store-filter]') : null;
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const filter = (link.dataset['storeFilter'] ?? 'all') as StoreFilter;
  history.pushState(null, '', `${location.pathname}${searchWith(location.search, filter)}`);
  applyFilter(filter);
}

function chosenVariant(form: HTMLFormElement): { id: string; stock: number; size: string | null } | null {
  const field = form.elements.namedItem('variant');
  if (field instanceof HTMLSelectElement) {
    const option = field.selectedOptions[0];
    if (!option || option.disabled) return null;
    return {
      id: option.value,
      stock: Number(option.dataset['stock'] ?? 0),
      size: option.textContent?.trim() ?? null,
    };
  }
  if (field instanceof HTMLInputElement && field.value)
    return { id: field.value, stock: Number(field.dataset['stock'] ?? 0), size: null };
  return null;
}

function onAddToCart(event: SubmitEvent): void {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (!form?.matches('[data-add-to-cart]')) return;
  event.preventDefault();
  const variant = chosenVariant(form);
  const name = form.closest('[data-store-item]')?.querySelector('h2')?.textContent?.trim() ?? 'Item';
  const label = variant?.size ? `${name} (${variant.size})` : name;
  if (!variant || variant.stock < 1) {
    showToast({ title: 'Sold Out', description: `${label} is sold out.`, variant: 'destructive' });
    return;
  }
  const before = countOf(cart.$lines.get());
  cart.add(variant.id, 1, variant.stock);
  if (countOf(cart.$lines.get()) === before) {
    showToast({
      title: 'No more available',
      description: `Your cart already holds all we have of ${label}.`,
      variant: 'destructive',
    });
    return;
  }
  showToast({ title: 'Added to your cart', description: label, variant: 'success' });
}

/** Shows what the database says now: an item's status, and each size's stock. */
function refreshItem(item: StoreItem): void {
  const card = document.querySelector<HTMLElement>(`[data-store-item][data-id="${CSS.escape(item.id)}"]`);
  if (!card) return;
  if (item.kind === 'merch') {
    const select = card.querySelector('select');
    for (const variant of item.variants) {
      const holder = card.querySelector<HTMLElement>(`[value="${CSS.escape(variant.id)}"]`);
      if (!holder) continue;
      holder.dataset['stock'] = String(variant.stock);
      if (holder instanceof HTMLOptionElement) {
        holder.disabled = variant.stock === 0;
        holder.textContent = variant.stock === 0 ? `${variant.size} (sold out)` : (variant.size ?? '');
      }
    }
    if (select?.selectedOptions[0]?.disabled) {
      const inStock = Array.from(select.options).find((option) => !option.disabled);
      if (inStock) select.value = inStock.value;
    }
    const button = card.querySelector<HTMLButtonElement>('form [type="submit"]');
    if (button) {
      button.disabled = item.status === 'sold-out';
      button.textContent = item.status === 'sold-out' ? 'Sold Out' : 'Add to Cart';
    }
    return;
  }
  // A departure that sold out (or stopped selling) since the build: its Book link becomes a disabled button.
  const book = card.querySelector<HTMLAnchorElement>('a[href^="/book"]');
  if (book && item.status !== 'booking') {
    const button = document.createElement('button');
    button.type = 'button';
    button.disabled = true;
    button.className = book.className;
    button.textContent = item.status === 'sold-out' ? 'Sold Out' : 'Coming Soon';
    book.replaceWith(button);
    const status = card.querySelector('[data-store-status]');
    if (status) status.textContent = item.status === 'sold-out' ? 'Sold out' : 'Coming soon';
  }
}

async function refreshFromDatabase(): Promise<void> {
  try {
    const response = await fetch(`${SUPABASE_URL.replace(/\/+$/, '')}/rest/v1/rpc/store_items`, {
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
    });
    if (!response.ok) return;
    const rows = (await response.json()) as StoreItemRow[];
    const live = new Set<string>();
    for (const item of rows.map(storeItemOf)) {
      live.add(item.id);
      refreshItem(item);
    }
    // Merchandise withdrawn since the build can no longer be added.
    for (const card of document.querySelectorAll<HTMLElement>('[data-store-item][data-kind="merch"]')) {
      if (live.has(card.dataset['id'] ?? '')) continue;
      const button = card.querySelector<HTMLButtonElement>('form [type="submit"]');
      if (button) {
        button.disabled = true;
        button.textContent = 'No longer available';
      }
    }
  } catch {
    // Offline or the API is down: the built page stays as it is, and the cart's pricing checks again.
  }
}

applyFilter(filterOf(location.search));
document.addEventListener('click', onFilterClick);
document.addEventListener('submit', onAddToCart);
window.addEventListener('popstate', () => applyFilter(filterOf(location.search)));
// Browser tests wait for this before they click: until then Add to Cart would send its form the old way.
document.querySelector('[data-store-list]')?.setAttribute('data-store-ready', '');
('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() => void refreshFromDatabase());
