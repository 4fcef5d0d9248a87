import { describe, expect, it } from 'vitest';
import { foldReactions, NO_REACTIONS, toggleReaction, type ReactionState } from './reactions';

const state: ReactionState = {
  counts: [
    { event_id: 'e1', reaction_type: 'heart', total: 2 },
    { event_id: 'e1', reaction_type: 'ghost', total: 1 },
    { event_id: 'e2', reaction_type: 'going', total: 4 },
  ],
  mine: [{ event_id: 'e1', reaction_type: 'heart' }],
};

describe('foldReactions', () => {
  it('gives each event its five counts and the member’s own reactions', () => {
    const folded = foldReactions(state);
    expect(folded.get('e1')?.counts).toEqual({ heart: 2, ghost: 1, flame: 0, interested: 0, going: 0 });
    expect([...folded.get('e1')!.mine]).toEqual(['heart']);
    expect(folded.get('e2')?.counts.going).toBe(4);
    expect(folded.get('e2')?.mine.size).toBe(0);
    expect(folded.get('e3')).toBeUndefined();
    expect(NO_REACTIONS.counts.flame).toBe(0);
  });
});

describe('toggleReaction', () => {
  it('removes the member’s reaction when present, one fewer in the count', () => {
    const next = foldReactions(toggleReaction(state, 'e1', 'heart')).get('e1')!;
    expect(next.counts.heart).toBe(1);
    expect(next.mine.has('heart')).toBe(false);
  });

  it('adds it when absent, on a type or an event with no count yet', () => {
    const ghost = foldReactions(toggleReaction(state, 'e1', 'ghost')).get('e1')!;
    expect(ghost.counts.ghost).toBe(2);
    expect([...ghost.mine].sort()).toEqual(['ghost', 'heart']);
    const fresh = foldReactions(toggleReaction(state, 'e3', 'flame')).get('e3')!;
    expect(fresh.counts.flame).toBe(1);
    expect([...fresh.mine]).toEqual(['flame']);
  });

  it('twice is no change', () => {
    expect(foldReactions(toggleReaction(toggleReaction(state, 'e2', 'going'), 'e2', 'going'))).toEqual(
      foldReactions(state),
    );
  });
});
