/**
 * A signed-in member's cart follows them across devices (issue 24): at sign-in in this browser the device's
 * cart is added to the one kept in the database (public.merge_cart, capped by stock) and both become the
 * result; after that each change made here is saved (public.save_cart), one request at a time, the latest
 * cart winning. A later page does not read the kept cart back: another tab's save could still be on its way,
 * and adopting an older copy would undo that tab's change in every tab. At sign-out the device forgets the
 * member's cart. chrome-state.ts loads this module only for a signed-in member, or at the sign-out of one.
 */
import { cart, CART_OWNER_KEY, withChangesSince, type CartLine } from '../../stores/cart';
import { sharedClient, type LoadClient } from '../../lib/supabase/data';
import { mergeCart, saveCart } from './cart.data';

function owner(): string | null {
  try {
    return localStorage.getItem(CART_OWNER_KEY);
  } catch {
    return null;
  }
}

function setOwner(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(CART_OWNER_KEY, userId);
    else localStorage.removeItem(CART_OWNER_KEY);
  } catch {
    // Storage refused: the cart is merged again at the next page, capped by stock as always.
  }
}

let stopSaving: (() => void) | undefined;

/** Saves one cart at a time; a change made while one is on its way is sent after it, the latest only. */
function savingQueue(load: LoadClient) {
  let sending = false;
  let next: CartLine[] | null = null;
  const send = async (): Promise<void> => {
    while (next) {
      const lines = next;
      next = null;
      await saveCart(lines, load).catch(() => {
        // Offline or refused: the device keeps the cart and the next change or page saves it.
      });
    }
    sending = false;
  };
  return (lines: CartLine[]) => {
    next = lines;
    if (sending) return;
    sending = true;
    void send();
  };
}

/** Counts sign-ins and sign-outs on this page: a merge answered after either has nothing left to do. */
let generation = 0;

/** The member `userId` is signed in on this page. */
export async function followMember(userId: string, load: LoadClient = sharedClient): Promise<void> {
  stopSaving?.();
  stopSaving = undefined;
  const mine = ++generation;
  const save = savingQueue(load);
  const startSaving = () => (stopSaving = cart.onLocalChange(save));
  const previous = owner();
  if (previous === userId) {
    startSaving();
    return;
  }
  // Claimed before the request, so another tab signing in at the same moment reads the kept cart instead
  // of merging the device's twice. Another member's cart left on this device is not theirs to take.
  setOwner(userId);
  const sent = cart.$lines.get();
  try {
    const merged = await mergeCart(previous ? [] : sent, load);
    if (mine !== generation) return;
    // A change made here while the merge was on its way (an item added as the page opened) is not lost: it
    // is applied to the merged cart, which is then saved. Saving starts only now, so the database sees the
    // merge before any save and counts nothing twice.
    const now = cart.$lines.get();
    const result = now === sent ? merged : withChangesSince(merged, sent, now);
    cart.replace(result);
    startSaving();
    if (now !== sent) save(cart.$lines.get());
  } catch {
    if (mine !== generation) return;
    setOwner(previous);
    startSaving();
  }
}

/** The member signed out (here or in another tab): their cart leaves this device with them. */
export function forgetMember(): void {
  generation += 1;
  stopSaving?.();
  stopSaving = undefined;
  if (owner() === null) return;
  setOwner(null);
  cart.clear();
}
