import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (conditionally, as clsx does) and lets a later Tailwind class win over an earlier one
 * of the same kind, so `buttonClass('ghost', 'md', 'text-accent')` is accent, not the ghost's text colour.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
