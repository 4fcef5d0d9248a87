import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '../../stores/toasts';
import { showCarriedToast, showToastAcrossNavigation } from './carried-toast';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  $toasts.set([]);
});
afterEach(() => vi.unstubAllGlobals());

describe('a toast carried across a navigation', () => {
  it('shows now, and once more on the next page only', () => {
    showToastAcrossNavigation({ title: 'Welcome back!', description: 'Hi.', variant: 'success' });
    expect($toasts.get().map((toast) => toast.title)).toEqual(['Welcome back!']);
    $toasts.set([]); // the next page starts with no toasts
    showCarriedToast();
    expect($toasts.get()).toMatchObject([{ title: 'Welcome back!', description: 'Hi.', variant: 'success' }]);
    showCarriedToast();
    expect($toasts.get()).toHaveLength(1);
  });

  it('ignores anything else stored under its key', () => {
    sessionStorage.setItem('carried-toast', '{"title": 42}');
    showCarriedToast();
    sessionStorage.setItem('carried-toast', 'not json');
    showCarriedToast();
    expect($toasts.get()).toEqual([]);
  });
});
