import { useQuery } from '@tanstack/react-query';
import { listSentUpdates, SEGMENTS } from './updates.data';

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** The updates sent so far, newest first, with how many each reached by channel. */
export function SentUpdates() {
  const sent = useQuery({ queryKey: ['admin', 'updates', 'sent'], queryFn: () => listSentUpdates() });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-lg font-semibold">Sent updates</caption>
        <thead>
          <tr className="border-border border-b">
            <th scope="col" className="px-2 py-2">
              Sent
            </th>
            <th scope="col" className="px-2 py-2">
              Event
            </th>
            <th scope="col" className="px-2 py-2">
              Title
            </th>
            <th scope="col" className="px-2 py-2">
              Sent to
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              In-app
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              E-mail
            </th>
          </tr>
        </thead>
        <tbody>
          {sent.isPending && (
            <tr>
              <td colSpan={6} className="px-2 py-3">
                Loading updates…
              </td>
            </tr>
          )}
          {sent.isError && (
            <tr>
              <td colSpan={6} className="px-2 py-3">
                The updates could not be loaded. Reload the page to try again.
              </td>
            </tr>
          )}
          {sent.data?.length === 0 && (
            <tr>
              <td colSpan={6} className="px-2 py-3">
                No updates sent yet.
              </td>
            </tr>
          )}
          {sent.data?.map((update) => (
            <tr key={update.id} className="border-border border-b">
              <td className="px-2 py-2 whitespace-nowrap">{when.format(new Date(update.created_at))}</td>
              <td className="px-2 py-2">{update.events?.title ?? ''}</td>
              <td className="px-2 py-2">{update.title}</td>
              <td className="px-2 py-2">
                {SEGMENTS.find((s) => s.value === update.segment)?.label ?? update.segment}
              </td>
              <td className="px-2 py-2 text-right">{update.in_app_count.toLocaleString('en-AU')}</td>
              <td className="px-2 py-2 text-right">{update.email_count.toLocaleString('en-AU')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
