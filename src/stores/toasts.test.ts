import { beforeEach, describe, expect, it } from 'vitest';
import { $toasts, dismissToast, MAX_TOASTS, showToast } from './toasts';

describe('toast store', () => {
  beforeEach(() => $toasts.set([]));

  it('adds a toast with a default variant and dismisses it by id', () => {
    const id = showToast({ title: 'Hello', description: 'World' });
    expect($toasts.get()).toEqual([{ id, title: 'Hello', description: 'World', variant: 'default' }]);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });

  it(`keeps only the newest ${MAX_TOASTS} toasts`, () => {
    const ids = [1, 2, 3, 4].map((n) => showToast({ title: `Toast ${n}`, variant: 'success' }));
    expect($toasts.get().map((toast) => toast.id)).toEqual(ids.slice(-MAX_TOASTS));
  });
});
