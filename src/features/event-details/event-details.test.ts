import { describe, expect, it } from 'vitest';
import { eventPhase, eventRefFromPath } from './event-details';

describe('eventRefFromPath', () => {
  it('reads an id, lower-cased', () => {
    expect(eventRefFromPath('/event-details/E0000000-0000-4000-8000-000000000001')).toEqual({
      kind: 'id',
      id: 'e0000000-0000-4000-8000-000000000001',
    });
    expect(eventRefFromPath('/event-details/e0000000-0000-4000-8000-000000000001/')).toMatchObject({
      kind: 'id',
    });
  });

  it("reads a trip's slug", () => {
    expect(eventRefFromPath('/event-details/tasmania-paranormal-getaway')).toEqual({
      kind: 'slug',
      slug: 'tasmania-paranormal-getaway',
    });
  });

  it('finds nothing in a bare, nested or malformed address', () => {
    for (const path of [
      '/event-details',
      '/event-details/',
      '/event-details/a/b',
      '/event-details/Not%20A%20Slug',
      '/event-details/%E0%A4%A',
      '/event-details/<script>',
      `/event-details/${'a'.repeat(101)}`,
      '/customer/e0000000-0000-4000-8000-000000000001',
    ]) {
      expect(eventRefFromPath(path), path).toBeNull();
    }
  });
});

describe('eventPhase', () => {
  const event = { status: 'published' as const, start_date: '2026-03-01', end_date: '2026-03-05' };

  it('follows the calendar in Sydney', () => {
    expect(eventPhase(event, '2026-02-28')).toBe('upcoming');
    expect(eventPhase(event, '2026-03-01')).toBe('upcoming');
    expect(eventPhase(event, '2026-03-02')).toBe('under-way');
    expect(eventPhase(event, '2026-03-05')).toBe('under-way');
    expect(eventPhase(event, '2026-03-06')).toBe('ended');
  });

  it('keeps a cancellation or a completion whatever the dates', () => {
    expect(eventPhase({ ...event, status: 'cancelled' }, '2026-01-01')).toBe('cancelled');
    expect(eventPhase({ ...event, status: 'completed' }, '2026-01-01')).toBe('ended');
  });
});
