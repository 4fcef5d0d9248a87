import { cn } from '../../../lib/utils';
import { statusName } from './event-format';
import { EVENT_STATUSES, type EventStatus } from './events.data';

/** The list's filter by status: All, Draft, Published, Completed, Cancelled (pressed = shown). */
export function StatusTabs({
  value,
  onChange,
}: {
  value: EventStatus | undefined;
  onChange: (status: EventStatus | undefined) => void;
}) {
  const options: (EventStatus | undefined)[] = [undefined, ...EVENT_STATUSES];
  return (
    <div role="group" aria-label="Show events" className="flex flex-wrap gap-1">
      {options.map((option) => {
        const pressed = option === value;
        return (
          <button
            key={option ?? 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option)}
            className={cn(
              'h-10 rounded-md border px-3 text-sm font-medium focus-visible:outline-3',
              pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-muted',
            )}
          >
            {option ? statusName(option) : 'All'}
          </button>
        );
      })}
    </div>
  );
}
