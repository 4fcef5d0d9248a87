/**
 * The cart: which merchandise variants and how many of each, kept in localStorage so every island and every
 * tab of this browser shares it (another tab's change arrives through the `storage` event). Only ids and
 * quantities live here: names and prices are the database's (public.price_cart), read when the cart sheet
 * opens. A signed-in member's cart is also kept in the database (src/features/cart/cart-sync.ts).
 */
import { atom } from 'nanostores';

export interface CartLine {
  variantId: string;
  quantity: number;
}

/**
 * localStorage key of the cart (JSON list of lines). chrome-state.ts names it itself, so that every page can
 * ask whether there is a cart without loading this module (cart.test.ts holds them equal).
 */
export const CART_STORAGE_KEY = 'cart';
/** localStorage key of the member whose kept cart this device's cart is (src/features/cart/cart-sync.ts). */
export const CART_OWNER_KEY = 'cart-owner';
/** The database's limits (private.cart_lines): at most 20 of one item and 50 different items. */
export const MAX_QUANTITY = 20;
export const MAX_LINES = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { variantId, quantity } = value as Record<string, unknown>;
  return (
    typeof variantId === 'string' &&
    UUID.test(variantId) &&
    Number.isInteger(quantity) &&
    Number(quantity) >= 1
  );
}

/** A stored cart, tolerating anything: what is not a valid line is dropped, quantities capped. */
export function parseCart(stored: string | null | undefined): CartLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isLine)
    .reduce<CartLine[]>((lines, line) => withAdded(lines, line.variantId, line.quantity), []);
}

/**
 * The cart with `quantity` more of a variant (a new line goes last), capped at `limit` (its stock when
 * known) and at MAX_QUANTITY; a new line beyond MAX_LINES is not added.
 */
export function withAdded(
  lines: readonly CartLine[],
  variantId: string,
  quantity = 1,
  limit = MAX_QUANTITY,
): CartLine[] {
  const cap = Math.min(limit, MAX_QUANTITY);
  const existing = lines.find((line) => line.variantId === variantId);
  if (!existing) {
    if (lines.length >= MAX_LINES || cap < 1) return [...lines];
    return [...lines, { variantId, quantity: Math.min(quantity, cap) }];
  }
  return lines.map((line) =>
    line === existing
      ? { variantId, quantity: Math.min(line.quantity + quantity, Math.max(cap, line.quantity)) }
      : line,
  );
}

/** The cart with a variant's quantity set (0 or less removes the line), capped at MAX_QUANTITY. */
export function withQuantity(lines: readonly CartLine[], variantId: string, quantity: number): CartLine[] {
  if (quantity < 1) return lines.filter((line) => line.variantId !== variantId);
  return lines.map((line) =>
    line.variantId === variantId
      ? { variantId, quantity: Math.min(Math.floor(quantity), MAX_QUANTITY) }
      : line,
  );
}

/**
 * `answer`, a cart worked out elsewhere from `sent` (the database's merge at sign-in), with the changes made
 * here since `sent` was taken (`now`): each variant's quantity moves by what it moved here, within the usual
 * caps; a line brought to 0 goes.
 */
export function withChangesSince(
  answer: readonly CartLine[],
  sent: readonly CartLine[],
  now: readonly CartLine[],
): CartLine[] {
  const quantity = (lines: readonly CartLine[], variantId: string) =>
    lines.find((line) => line.variantId === variantId)?.quantity ?? 0;
  let result = [...answer];
  for (const variantId of new Set([...sent, ...now].map((line) => line.variantId))) {
    const moved = quantity(now, variantId) - quantity(sent, variantId);
    if (moved > 0) result = withAdded(result, variantId, moved);
    if (moved < 0) result = withQuantity(result, variantId, quantity(result, variantId) + moved);
  }
  return result;
}

/** How many items the cart holds (the header's count). */
export function countOf(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Where a cart is kept and how it hears of other tabs: the browser's localStorage and `storage` event. */
export interface CartHost {
  read(): string | null;
  write(value: string): void;
  onOtherTab(listener: (value: string | null) => void): void;
}

export type CartChangeListener = (lines: CartLine[]) => void;

/** A cart bound to a host; the page's own is `cart` below, tests make theirs with a fake host. */
export function createCart(host: CartHost) {
  const $lines = atom<CartLine[]>(parseCart(host.read()));
  // An atom kept in step rather than nanostores' computed, which would leave the page's own bundle in pieces.
  const $count = atom(countOf($lines.get()));
  $lines.listen((lines) => $count.set(countOf(lines)));
  const localListeners = new Set<CartChangeListener>();

  host.onOtherTab((value) => $lines.set(parseCart(value)));

  /** A change made in this tab: kept, shown, and told to whoever keeps a copy (the member's database cart). */
  function change(lines: CartLine[]): void {
    $lines.set(lines);
    host.write(JSON.stringify(lines));
    for (const listener of localListeners) listener(lines);
  }

  return {
    $lines,
    $count,
    add: (variantId: string, quantity = 1, limit = MAX_QUANTITY) =>
      change(withAdded($lines.get(), variantId, quantity, limit)),
    setQuantity: (variantId: string, quantity: number) =>
      change(withQuantity($lines.get(), variantId, quantity)),
    remove: (variantId: string) => change(withQuantity($lines.get(), variantId, 0)),
    /** Takes a cart from elsewhere (the database's merge at sign-in) without telling the local listeners. */
    replace: (lines: readonly CartLine[]) => {
      const parsed = parseCart(JSON.stringify(lines));
      $lines.set(parsed);
      host.write(JSON.stringify(parsed));
    },
    clear: () => {
      $lines.set([]);
      host.write('[]');
    },
    /** Listens to changes made in this tab (not another tab's, not replace or clear). */
    onLocalChange(listener: CartChangeListener): () => void {
      localListeners.add(listener);
      return () => localListeners.delete(listener);
    },
  };
}

export type Cart = ReturnType<typeof createCart>;

function browserHost(): CartHost {
  return {
    read: () => {
      try {
        return localStorage.getItem(CART_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        localStorage.setItem(CART_STORAGE_KEY, value);
      } catch {
        // Private mode or a full storage: the cart still works on this page.
      }
    },
    onOtherTab: (listener) =>
      window.addEventListener('storage', (event) => {
        if (event.key === CART_STORAGE_KEY || event.key === null) listener(event.newValue);
      }),
  };
}

const NO_HOST: CartHost = { read: () => null, write: () => {}, onOtherTab: () => {} };

/** The page's cart (empty while the site is built). */
export const cart = createCart(typeof window === 'undefined' ? NO_HOST : browserHost());

/** How many items are in the cart: the header's count. */
export const $cartCount = cart.$count;
