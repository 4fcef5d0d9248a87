import { formatDate } from '../../../lib/format';
import type { EventChoice, EventStatus } from './events.data';

/** The picker's groups, in the order fetchEventChoices returns them. */
const GROUPS: readonly { label: string; phases: readonly EventStatus[] }[] = [
  { label: 'Upcoming and running', phases: ['published', 'draft'] },
  { label: 'Completed', phases: ['completed'] },
  { label: 'Cancelled', phases: ['cancelled'] },
];

/**
 * An event select's options, grouped by phase (decision 0063): events still to run first, then completed
 * ones, then cancelled ones; a group with no event is left out. Each reads "Title (12 Dec 2026)", drafts
 * marked as such.
 */
export function EventChoiceOptions({ choices }: { choices: readonly EventChoice[] | undefined }) {
  return GROUPS.map((group) => {
    const inGroup = (choices ?? []).filter((choice) => group.phases.includes(choice.phase));
    if (inGroup.length === 0) return null;
    return (
      <optgroup key={group.label} label={group.label}>
        {inGroup.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title} ({formatDate(choice.start_date)}
            {choice.phase === 'draft' ? ', draft' : ''})
          </option>
        ))}
      </optgroup>
    );
  });
}
