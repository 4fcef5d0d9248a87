/**
 * The first field a visitor can type into inside `root`, skipping anything still inert (a form that has not
 * mounted yet). Shared by the dialog controller (focus on open) and the `client:intent` directive (focus once
 * the form is there).
 */
export function firstField(root: ParentNode): HTMLElement | null {
  const fields = root.querySelectorAll<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])',
  );
  return Array.from(fields).find((field) => !field.closest('[inert]')) ?? null;
}
