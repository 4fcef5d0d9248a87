import { Link } from '@tanstack/react-router';
import type { ListSearch } from '../search';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { ENQUIRY_KINDS } from './enquiries.data';
import { EnquiryList } from './EnquiryList';
import { kindOf, KIND_LABELS } from './enquiry-labels';
import type { EnquirySearch } from './enquiry-search';

const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2';

/**
 * /admin/waitlist: what visitors sent the company, in three lists chosen by `filter` (waitlist, interest,
 * contact): each searchable, filterable and exportable, every entry marked answered, replied to by e-mail
 * or removed from here.
 */
export function WaitlistPage() {
  const [listSearch, updateList] = useListSearch();
  const search = listSearch as EnquirySearch;
  const update = updateList as (next: Partial<EnquirySearch>) => void;
  const kind = kindOf(search.filter);
  return (
    <AdminPage
      title="Waitlist and enquiries"
      description="Waitlist entries per trip in the order people joined, interest registrations and contact messages. Mark each one when someone has answered it."
    >
      <nav aria-label="Enquiry lists" className="border-border flex flex-wrap gap-1 border-b pb-2">
        {ENQUIRY_KINDS.map((tab) => (
          <Link
            key={tab}
            to="/admin/waitlist"
            search={{ filter: tab } satisfies ListSearch}
            className={tabClass}
            aria-current={tab === kind ? 'page' : undefined}
            activeProps={{}}
            {...(tab === kind ? { className: `${tabClass} bg-muted` } : {})}
          >
            {KIND_LABELS[tab].tab}
          </Link>
        ))}
      </nav>
      <EnquiryList key={kind} kind={kind} search={search} update={update} />
    </AdminPage>
  );
}
