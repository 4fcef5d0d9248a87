import type { EnquiryKind } from './enquiries.data';

/** What each list is called and how its "answered" mark reads, in one place for the screen and its CSV. */
export const KIND_LABELS: Record<
  EnquiryKind,
  {
    tab: string;
    /** The table's caption and the CSV's name. */
    caption: string;
    csv: string;
    noun: string;
    markDone: string;
    markOpen: string;
    doneToast: string;
    done: string;
    open: string;
    empty: string;
  }
> = {
  waitlist: {
    tab: 'Waitlist',
    caption: 'Waitlist entries',
    csv: 'waitlist entries',
    noun: 'entry',
    markDone: 'Mark contacted',
    markOpen: 'Mark not contacted',
    doneToast: 'Marked contacted',
    done: 'Contacted',
    open: 'Waiting',
    empty: 'No waitlist entries match.',
  },
  interest: {
    tab: 'Interest',
    caption: 'Interest registrations',
    csv: 'interest registrations',
    noun: 'registration',
    markDone: 'Mark handled',
    markOpen: 'Mark open',
    doneToast: 'Marked handled',
    done: 'Handled',
    open: 'Open',
    empty: 'No interest registrations match.',
  },
  contact: {
    tab: 'Contact messages',
    caption: 'Contact messages',
    csv: 'contact messages',
    noun: 'message',
    markDone: 'Mark handled',
    markOpen: 'Mark unanswered',
    doneToast: 'Marked handled',
    done: 'Handled',
    open: 'Unanswered',
    empty: 'No contact messages match.',
  },
};

/** The list a `filter` search parameter names; the waitlist when it names none. */
export function kindOf(filter: string | undefined): EnquiryKind {
  return filter === 'interest' || filter === 'contact' ? filter : 'waitlist';
}
