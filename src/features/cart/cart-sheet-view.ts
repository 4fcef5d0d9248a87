/**
 * The cart sheet's contents, filled in from CartSheet.astro's templates: each line with its price as
 * public.price_cart computes it for the caller (one request for the whole cart, again after each change or
 * sign-in), its quantity to change or remove, the member's discount, the total and the GST in it. When the
 * database refuses a line (sold out, not enough left, withdrawn), its words are shown and the lines stay
 * editable, labelled from the store's list, so the shopper can fix the cart. No framework: the sheet is
 * part of every page's chrome, like the toaster.
 */
import { formatAudCents } from '../../lib/format/currency';
import { $sessionUser } from '../../stores/session';
import { cart, MAX_QUANTITY } from '../../stores/cart';
import { cartRefusal, priceCart, type PricedCart } from './cart.data';
import { labelCart } from './cart-labels';

/** One line as the sheet shows it, priced or not. */
export interface ShownLine {
  variantId: string;
  quantity: number;
  label: string;
  total: string;
  detail: string;
  /** The most the shopper may choose: the stock, at most 20 (0: none). */
  max: number;
}

/** The priced cart's lines as the sheet shows them. */
export function shownLines(priced: PricedCart): ShownLine[] {
  return priced.lines.map((line) => {
    const each = formatAudCents(line.unit_price_cents - line.unit_discount_cents);
    const was = line.unit_discount_cents > 0 ? ` (was ${formatAudCents(line.unit_price_cents)})` : '';
    return {
      variantId: line.variant_id,
      quantity: line.quantity,
      label: line.size ? `${line.name} (${line.size})` : line.name,
      total: formatAudCents(line.line_total_cents),
      detail: `${each} each${was}, includes ${formatAudCents(line.gst_cents)} GST`,
      max: Math.min(line.stock, MAX_QUANTITY),
    };
  });
}

/** The database's message as a sentence: capital first, full stop last. */
export function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function fill(root: ParentNode, field: string, text: string): void {
  const element = root.querySelector(`[data-field="${field}"]`);
  if (element) element.textContent = text;
}

function paragraph(text: string, role: 'status' | 'alert', className: string): HTMLElement {
  const element = document.createElement('p');
  element.setAttribute('role', role);
  element.className = className;
  element.textContent = text;
  return element;
}

export function mountCart(holder: HTMLElement): void {
  const sheet = holder.closest('dialog');
  const lineTemplate = sheet?.querySelector<HTMLTemplateElement>('template[data-cart-line]');
  const summaryTemplate = sheet?.querySelector<HTMLTemplateElement>('template[data-cart-summary]');
  if (!lineTemplate || !summaryTemplate) return;

  const lineElement = (line: ShownLine): HTMLElement => {
    const item = (lineTemplate.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
    item.dataset['variant'] = line.variantId;
    fill(item, 'label', line.label);
    fill(item, 'total', line.total);
    fill(item, 'detail', line.detail);
    fill(item, 'remove-label', ` ${line.label}`);
    const quantity = item.querySelector('[data-field="quantity"]');
    if (quantity) {
      const hidden = document.createElement('span');
      hidden.className = 'sr-only';
      hidden.textContent = `Quantity of ${line.label}: `;
      quantity.replaceChildren(hidden, String(line.quantity));
    }
    item.querySelector('[data-action="fewer"]')?.setAttribute('aria-label', `One fewer ${line.label}`);
    const more = item.querySelector<HTMLButtonElement>('[data-action="more"]');
    if (more) {
      more.setAttribute('aria-label', `One more ${line.label}`);
      more.disabled = line.quantity >= line.max;
    }
    return item;
  };

  const list = (lines: ShownLine[]): HTMLElement => {
    const element = document.createElement('ul');
    element.className = 'divide-border divide-y';
    element.append(...lines.map(lineElement));
    return element;
  };

  const summary = (priced: PricedCart, signedIn: boolean): DocumentFragment => {
    const part = summaryTemplate.content.cloneNode(true) as DocumentFragment;
    fill(part, 'subtotal', formatAudCents(priced.subtotal_cents));
    fill(part, 'discount-label', `Member discount (${priced.discount_percent}%)`);
    fill(part, 'discount', `−${formatAudCents(priced.discount_cents)}`);
    fill(part, 'total', formatAudCents(priced.total_cents));
    fill(part, 'gst', formatAudCents(priced.gst_cents));
    // Left out rather than hidden: a subtotal and discount only with a discount, the members' pitch only
    // for a visitor.
    if (priced.discount_cents === 0)
      for (const element of part.querySelectorAll('[data-when-discount]')) element.remove();
    if (signedIn || priced.discount_cents > 0) part.querySelector('[data-when-visitor]')?.remove();
    return part;
  };

  /** Puts the new contents in, keeping focus on the same control of the same line when it is still there. */
  const show = (...nodes: Node[]): void => {
    const active = document.activeElement;
    const action =
      active instanceof HTMLElement && holder.contains(active) ? active.dataset['action'] : undefined;
    const variant = action ? active?.closest<HTMLElement>('[data-variant]')?.dataset['variant'] : undefined;
    holder.replaceChildren(...nodes);
    if (!action || !variant) return;
    const line = holder.querySelector<HTMLElement>(`[data-variant="${CSS.escape(variant)}"]`);
    const again = line?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not(:disabled)`);
    const fallback = line?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    (again ?? fallback ?? sheet?.querySelector<HTMLElement>('[data-dialog-close]'))?.focus();
  };

  let asked = 0;
  const update = async (): Promise<void> => {
    const lines = cart.$lines.get();
    const signedIn = Boolean($sessionUser.get());
    const mine = ++asked;
    if (lines.length === 0) return show();
    holder.setAttribute('aria-busy', 'true');
    if (!holder.hasChildNodes())
      show(paragraph('Working out your prices…', 'status', 'text-muted-foreground'));
    try {
      const priced = await priceCart(lines);
      if (mine === asked) show(list(shownLines(priced)), summary(priced, signedIn));
    } catch (error) {
      const message = cartRefusal(error);
      const labelled = message ? await labelCart(lines).catch(() => null) : null;
      if (mine !== asked) return;
      if (!message || !labelled)
        show(
          paragraph(
            'Your cart’s prices could not be loaded. Please check your connection and try again.',
            'alert',
            '',
          ),
        );
      else
        show(
          paragraph(sentence(message), 'alert', 'border-destructive rounded-md border p-3 text-sm'),
          list(
            labelled.map((line) => ({
              variantId: line.variantId,
              quantity: line.quantity,
              label: line.label,
              total: '',
              detail: line.problem,
              max: Math.min(line.stock ?? 0, MAX_QUANTITY),
            })),
          ),
        );
    } finally {
      if (mine === asked) holder.removeAttribute('aria-busy');
    }
  };

  holder.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-action]') : null;
    const variantId = button?.closest<HTMLElement>('[data-variant]')?.dataset['variant'];
    if (!button || !variantId) return;
    const quantity = cart.$lines.get().find((line) => line.variantId === variantId)?.quantity ?? 0;
    const action = button.dataset['action'];
    if (action === 'remove') cart.remove(variantId);
    else cart.setQuantity(variantId, quantity + (action === 'more' ? 1 : -1));
  });

  let userId = $sessionUser.get()?.id;
  cart.$lines.listen(() => void update());
  // The price depends on who asks: a member who signs in (or out) sees their own.
  $sessionUser.listen((user) => {
    if (user?.id === userId) return;
    userId = user?.id;
    void update();
  });
  void update();
  holder.dataset['cartMounted'] = '';
}
