import { describe, expect, it } from 'vitest';
import { eventShareTarget, shareOrCopy, shareToast, type ShareNavigator } from './share';

const target = eventShareTarget({ id: 'e1', title: 'Quarantine Station' }, 'https://example.test');

function clipboard(copied: string[], fails = false) {
  return {
    writeText: async (text: string) => {
      if (fails) throw new Error('denied');
      copied.push(text);
    },
  };
}

describe('shareOrCopy', () => {
  it('uses the Web Share API when the browser has it', async () => {
    const shared: ShareData[] = [];
    const copied: string[] = [];
    const nav: ShareNavigator = {
      share: async (data) => void shared.push(data),
      clipboard: clipboard(copied),
    };
    expect(await shareOrCopy(target, nav)).toBe('shared');
    expect(shared).toEqual([target]);
    expect(copied).toEqual([]);
  });

  it('copies the link when there is no Web Share API', async () => {
    const copied: string[] = [];
    expect(await shareOrCopy(target, { clipboard: clipboard(copied) })).toBe('copied');
    expect(copied).toEqual(['https://example.test/event-details/e1']);
  });

  it('copies the link when the browser cannot share this or refuses', async () => {
    const copied: string[] = [];
    const refuses: ShareNavigator = {
      share: async () => {
        throw new DOMException('not allowed', 'NotAllowedError');
      },
      clipboard: clipboard(copied),
    };
    expect(await shareOrCopy(target, refuses)).toBe('copied');
    const cannot: ShareNavigator = {
      share: async () => {},
      canShare: () => false,
      clipboard: clipboard(copied),
    };
    expect(await shareOrCopy(target, cannot)).toBe('copied');
    expect(copied).toHaveLength(2);
  });

  it('says nothing when the member closes the share sheet', async () => {
    const copied: string[] = [];
    const nav: ShareNavigator = {
      share: async () => {
        throw new DOMException('closed', 'AbortError');
      },
      clipboard: clipboard(copied),
    };
    expect(await shareOrCopy(target, nav)).toBe('cancelled');
    expect(copied).toEqual([]);
    expect(shareToast('cancelled')).toBeNull();
  });

  it('fails when neither sharing nor the clipboard works', async () => {
    expect(await shareOrCopy(target, {})).toBe('failed');
    expect(await shareOrCopy(target, { clipboard: clipboard([], true) })).toBe('failed');
    expect(shareToast('failed')).toMatchObject({ title: 'Error', variant: 'destructive' });
    expect(shareToast('copied')).toMatchObject({ title: 'Link copied', variant: 'success' });
    expect(shareToast('shared')).toBeNull();
  });
});
