/**
 * The events page's reactions as pure data (spec §5: a reaction is a toggle; present removes, absent adds).
 * The cache holds the rows the server returned; counts and the member's own state are folded from them.
 */
export const REACTION_TYPES = ['heart', 'ghost', 'flame', 'interested', 'going'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

/** Labels (spec §9) and the emoji shown beside them. */
export const REACTIONS: Record<ReactionType, { label: string; emoji: string }> = {
  heart: { label: 'Love this!', emoji: '❤️' },
  ghost: { label: 'Haunted', emoji: '👻' },
  flame: { label: 'Hot event!', emoji: '🔥' },
  interested: { label: 'Interested', emoji: '🤔' },
  going: { label: "Can't wait!", emoji: '🎉' },
};

/** What the page holds: counts per event and type (event_reaction_counts), and the member's own reactions. */
export interface ReactionState {
  counts: readonly { event_id: string; reaction_type: ReactionType; total: number }[];
  mine: readonly { event_id: string; reaction_type: ReactionType }[];
}

export interface EventReactions {
  counts: Record<ReactionType, number>;
  mine: ReadonlySet<ReactionType>;
}

const noCounts = (): Record<ReactionType, number> => ({
  heart: 0,
  ghost: 0,
  flame: 0,
  interested: 0,
  going: 0,
});

/** Counts and the member's own reactions, per event. */
export function foldReactions({ counts, mine }: ReactionState): Map<string, EventReactions> {
  const byEvent = new Map<string, { counts: Record<ReactionType, number>; mine: Set<ReactionType> }>();
  const entry = (eventId: string) => {
    let found = byEvent.get(eventId);
    if (!found) byEvent.set(eventId, (found = { counts: noCounts(), mine: new Set() }));
    return found;
  };
  for (const row of counts) entry(row.event_id).counts[row.reaction_type] += row.total;
  for (const row of mine) entry(row.event_id).mine.add(row.reaction_type);
  return byEvent;
}

/** An event nobody has reacted to yet. */
export const NO_REACTIONS: EventReactions = { counts: noCounts(), mine: new Set() };

/** The state after the member toggles one reaction: present is removed (count - 1), absent added (+ 1). */
export function toggleReaction(state: ReactionState, eventId: string, type: ReactionType): ReactionState {
  const same = (row: { event_id: string; reaction_type: ReactionType }) =>
    row.event_id === eventId && row.reaction_type === type;
  const present = state.mine.some(same);
  const delta = present ? -1 : 1;
  const counts = state.counts.some(same)
    ? state.counts.map((row) => (same(row) ? { ...row, total: Math.max(0, row.total + delta) } : row))
    : [...state.counts, { event_id: eventId, reaction_type: type, total: Math.max(0, delta) }];
  const mine = present
    ? state.mine.filter((row) => !same(row))
    : [...state.mine, { event_id: eventId, reaction_type: type }];
  return { counts, mine };
}
