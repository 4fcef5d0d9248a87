import { cn } from '../../lib/utils';
import { overdueNotice, STATUS_LABELS, type BookingStatus, type OverduePayment } from './bookings';

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

/** Beside the status once the member has asked to cancel: the company has not cancelled it yet. */
export function CancellationRequestedBadge() {
  return <span className={cn(BADGE, 'border-border text-foreground border')}>Cancellation requested</span>;
}

/** Beside the status when an instalment is past due: the words say it, the colour (destructive) repeats it. */
export function OverdueBadge() {
  return <span className={cn(BADGE, 'border-destructive text-destructive border')}>Payment overdue</span>;
}

/** What is overdue and since when, in the destructive colour: on the dashboard card and the payment plan. */
export function OverdueNotice({ overdue, className }: { overdue: OverduePayment; className?: string }) {
  return (
    <p className={cn('text-destructive text-sm font-semibold', className)}>
      {overdueNotice(overdue)}. Please pay as soon as you can, or contact us.
    </p>
  );
}
