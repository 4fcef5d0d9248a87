import { cn } from '../../lib/utils';
import { STATUS_LABELS, type BookingStatus } from './bookings';

const LOOKS: Record<BookingStatus, string> = {
  confirmed: 'bg-primary text-primary-foreground',
  pending: 'bg-secondary text-secondary-foreground',
  completed: 'bg-muted text-foreground',
  cancelled: 'border border-border text-muted-foreground line-through',
};

const BADGE = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={cn(BADGE, LOOKS[status])}>{STATUS_LABELS[status]}</span>;
}

/** Beside the status when an instalment is past due: the words say it, the colour (destructive) repeats it. */
export function OverdueBadge() {
  return <span className={cn(BADGE, 'border-destructive text-destructive border')}>Payment overdue</span>;
}
