import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format';
import { QueryWaiting } from '../../../components/ui/QueryStatus';
import { fetchFormReminders, type FormReminder } from './admin-traveller-forms.data';

/** "Reminded 3 people on 2 Mar 2027, 10:04 am by Ada" (Sydney time). */
export function reminderSentence(reminder: FormReminder): string {
  const people = reminder.reminded === 1 ? '1 person' : `${reminder.reminded} people`;
  const by = reminder.sent_by_name ? ` by ${reminder.sent_by_name}` : '';
  return `Reminded ${people} on ${formatDateTime(reminder.sent_at)}${by}`;
}

/** The form's reminders so far, newest first. */
export function ReminderHistory({ formId }: { formId: string }) {
  const query = useQuery({
    queryKey: ['admin', 'forms', 'reminders', formId],
    queryFn: () => fetchFormReminders(formId),
  });
  return (
    <section aria-labelledby="form-reminders-title" className="space-y-2">
      <h4 id="form-reminders-title" className="font-semibold">
        Reminders
      </h4>
      {!query.isSuccess ? (
        <QueryWaiting query={query} what="reminders" />
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No reminders sent yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {query.data.map((reminder) => (
            <li key={reminder.id}>{reminderSentence(reminder)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
