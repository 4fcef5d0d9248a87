import { describe, expect, it } from 'vitest';
import { tripDialogIds } from './trip-dialog-ids';

describe('tripDialogIds', () => {
  it('gives every dialog of a trip its own id', () => {
    const ids = Object.values(tripDialogIds('usa-paranormal-road-trip'));
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/-usa-paranormal-road-trip$/);
  });
});
