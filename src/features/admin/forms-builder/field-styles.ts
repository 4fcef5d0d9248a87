/** The look of the builder's own inputs (the same as admin/forms/FormField's). */
export const controlClass =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-foreground focus-visible:outline-3 focus-visible:outline-offset-1';
