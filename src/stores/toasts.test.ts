import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  dismissToast,
  MAX_TOASTS,
  showToast,
  showToastOnNextPage,
  showWaitingToast,
} from './toasts';

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

describe('a toast for the next page', () => {
  beforeEach(() => {
    $toasts.set([]);
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is shown once, on the next page only', () => {
    showToastOnNextPage({ title: 'Account deleted', variant: 'success' });
    expect($toasts.get()).toEqual([]);
    showWaitingToast();
    expect($toasts.get()).toEqual([
      expect.objectContaining({ title: 'Account deleted', variant: 'success' }),
    ]);
    $toasts.set([]);
    showWaitingToast();
    expect($toasts.get()).toEqual([]);
  });

  it('ignores something stored that is not a toast', () => {
    sessionStorage.setItem('toast:next-page', '{"nope":1}');
    showWaitingToast();
    sessionStorage.setItem('toast:next-page', 'not json');
    showWaitingToast();
    expect($toasts.get()).toEqual([]);
  });
});
