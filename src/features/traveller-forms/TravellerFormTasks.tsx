import { useQuery } from '@tanstack/react-query';
import { fetchMyTravellerForms } from './traveller-forms.data';
import { TravellerFormTask } from './TravellerFormTask';

/** The dashboard's "Forms to fill" tasks: shown only when an event the member is booked on has a form. */
export function TravellerFormTasks({ userId }: { userId: string }) {
  const query = useQuery({
    queryKey: ['traveller-forms', userId],
    queryFn: () => fetchMyTravellerForms(),
    enabled: !!userId,
  });
  if (!query.data || query.data.length === 0) return null;
  return (
    <section aria-labelledby="traveller-forms-title">
      <h2 id="traveller-forms-title" className="text-xl font-semibold">
        Forms to fill
      </h2>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {query.data.map((form) => (
          <TravellerFormTask key={form.id} form={form} />
        ))}
      </ul>
    </section>
  );
}
