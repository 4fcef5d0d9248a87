type ClassValue = string | false | null | undefined;

/** Joins the truthy class names; lets components add classes conditionally without string juggling. */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
