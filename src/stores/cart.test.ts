import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CART_STORAGE_KEY,
  countOf,
  createCart,
  MAX_LINES,
  parseCart,
  withAdded,
  withChangesSince,
  withQuantity,
  type CartHost,
} from './cart';

const SHIRT_M = 'c2000000-0000-4000-8000-000000000002';
const CAP = 'c2000000-0000-4000-8000-000000000005';
const STICKERS = 'c2000000-0000-4000-8000-000000000007';

/**
 * One browser's localStorage shared by several tabs: a write in one tab fires `storage` in the others (never
 * in the writer, and only when the value changes), as browsers do.
 */
function browser() {
  let stored: string | null = null;
  const tabs: ((value: string | null) => void)[] = [];
  const tab = (): CartHost => {
    let self: ((value: string | null) => void) | undefined;
    return {
      read: () => stored,
      write: (value) => {
        if (value === stored) return;
        stored = value;
        for (const listener of tabs) if (listener !== self) listener(value);
      },
      onOtherTab: (listener) => {
        self = listener;
        tabs.push(listener);
      },
    };
  };
  return { tab, stored: () => stored };
}

describe('the cart’s lines', () => {
  it('keeps the changes made while the sign-in merge was on its way, on top of its answer', () => {
    const sent = [{ variantId: SHIRT_M, quantity: 1 }];
    // The database kept two caps from another device and added the shirt that was sent.
    const answer = [
      { variantId: CAP, quantity: 2 },
      { variantId: SHIRT_M, quantity: 1 },
    ];
    // Meanwhile one more shirt and a new sticker pack here.
    const now = [
      { variantId: SHIRT_M, quantity: 2 },
      { variantId: STICKERS, quantity: 1 },
    ];
    expect(withChangesSince(answer, sent, now)).toEqual([
      { variantId: CAP, quantity: 2 },
      { variantId: SHIRT_M, quantity: 2 },
      { variantId: STICKERS, quantity: 1 },
    ]);
    // A line removed here goes, whatever the answer held of it; nothing changed leaves the answer as it was.
    expect(withChangesSince(answer, sent, [])).toEqual([{ variantId: CAP, quantity: 2 }]);
    expect(withChangesSince(answer, sent, sent)).toEqual(answer);
  });

  it('adds to a line, capped by the stock and by 20, and a new line goes last', () => {
    let lines = withAdded([], SHIRT_M, 2);
    lines = withAdded(lines, CAP);
    lines = withAdded(lines, SHIRT_M, 1);
    expect(lines).toEqual([
      { variantId: SHIRT_M, quantity: 3 },
      { variantId: CAP, quantity: 1 },
    ]);
    expect(withAdded(lines, SHIRT_M, 10, 6)).toContainEqual({ variantId: SHIRT_M, quantity: 6 });
    expect(withAdded(lines, SHIRT_M, 50)).toContainEqual({ variantId: SHIRT_M, quantity: 20 });
    expect(withAdded([], SHIRT_M, 1, 0)).toEqual([]);
  });

  it('never takes away by adding when the stock fell below what the cart holds', () => {
    expect(withAdded([{ variantId: SHIRT_M, quantity: 5 }], SHIRT_M, 1, 2)).toEqual([
      { variantId: SHIRT_M, quantity: 5 },
    ]);
  });

  it('sets a quantity, removes a line at 0, and counts the items', () => {
    const lines = withAdded(withAdded([], SHIRT_M, 2), CAP);
    expect(withQuantity(lines, SHIRT_M, 5)).toEqual([
      { variantId: SHIRT_M, quantity: 5 },
      { variantId: CAP, quantity: 1 },
    ]);
    expect(withQuantity(lines, SHIRT_M, 0)).toEqual([{ variantId: CAP, quantity: 1 }]);
    expect(countOf(lines)).toBe(3);
  });

  it('holds at most 50 different items', () => {
    const ids = Array.from(
      { length: MAX_LINES + 1 },
      (_, i) => `c2000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect(ids.reduce<ReturnType<typeof withAdded>>((lines, id) => withAdded(lines, id), [])).toHaveLength(
      MAX_LINES,
    );
  });

  it('reads a stored cart whatever it holds: bad lines dropped, the same item added up', () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('not json')).toEqual([]);
    expect(parseCart('{"variantId": "x"}')).toEqual([]);
    expect(
      parseCart(
        JSON.stringify([
          { variantId: SHIRT_M, quantity: 2 },
          { variantId: 'not-an-id', quantity: 1 },
          { variantId: CAP, quantity: 0 },
          { variantId: CAP, quantity: 1.5 },
          { variantId: SHIRT_M, quantity: 30 },
        ]),
      ),
    ).toEqual([{ variantId: SHIRT_M, quantity: 20 }]);
  });
});

describe('the cart in a browser', () => {
  it('keeps the cart in storage and shows another tab’s change at once', () => {
    const shared = browser();
    const first = createCart(shared.tab());
    const second = createCart(shared.tab());
    first.add(SHIRT_M);
    first.add(SHIRT_M);
    first.add(CAP);
    expect(second.$count.get()).toBe(3);
    expect(parseCart(shared.stored())).toEqual([
      { variantId: SHIRT_M, quantity: 2 },
      { variantId: CAP, quantity: 1 },
    ]);
    second.remove(SHIRT_M);
    expect(first.$lines.get()).toEqual([{ variantId: CAP, quantity: 1 }]);
    // A tab opened later starts from what is stored.
    expect(createCart(shared.tab()).$count.get()).toBe(1);
  });

  it('tells its local listeners of this tab’s changes only, not of another tab’s or of a merge', () => {
    const shared = browser();
    const first = createCart(shared.tab());
    const second = createCart(shared.tab());
    const heard: number[] = [];
    first.onLocalChange((lines) => heard.push(countOf(lines)));
    first.add(CAP);
    second.add(CAP);
    first.replace([{ variantId: SHIRT_M, quantity: 4 }]);
    first.setQuantity(SHIRT_M, 2);
    expect(heard).toEqual([1, 2]);
    expect(second.$count.get()).toBe(2);
  });

  it('takes the database’s merged cart as it is, and empties at sign-out', () => {
    const shared = browser();
    const tab = createCart(shared.tab());
    const other = createCart(shared.tab());
    tab.add(SHIRT_M, 2);
    tab.replace([
      { variantId: SHIRT_M, quantity: 5 },
      { variantId: CAP, quantity: 1 },
    ]);
    expect(other.$count.get()).toBe(6);
    tab.clear();
    expect(other.$count.get()).toBe(0);
    expect(shared.stored()).toBe('[]');
  });
});

describe('the cart’s storage key', () => {
  it('is the one every page’s chrome asks for without loading the store', () => {
    const chrome = readFileSync(new URL('../components/site/chrome-state.ts', import.meta.url), 'utf8');
    expect(chrome).toContain(`const CART_STORAGE_KEY = '${CART_STORAGE_KEY}';`);
  });
});
