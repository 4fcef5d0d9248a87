import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { QueryStatus } from '../../components/ui/QueryStatus';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { $user } from '../../stores/session';
import { showErrorToast, showToast } from '../../stores/toasts';
import { listFavourites, removeFavourite, type Favourite } from './favourites.data';

/** /customer-favorites: the events the member follows as favourites. */
export function Favourites() {
  const userId = useStore($user)?.id ?? '';
  const queryClient = useQueryClient();
  const queryKey = ['favourites', userId];
  const query = useQuery({ queryKey, queryFn: () => listFavourites(userId), enabled: !!userId });
  const remove = useMutation({
    mutationFn: (favourite: Favourite) => removeFavourite(favourite.event?.id ?? ''),
    onSuccess: (_result, favourite) => {
      showToast({
        title: 'Removed from favourites',
        description: `${favourite.event?.title ?? 'The event'} is no longer in your favourites.`,
        variant: 'success',
      });
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: showErrorToast,
  });

  return (
    <QueryStatus query={query} what="favourites">
      {(favourites) =>
        favourites.length === 0 ? (
          <div className="border-border rounded-lg border border-dashed p-8 text-center">
            <p className="font-medium">You have no favourite events yet.</p>
            <p className="text-muted-foreground mt-2 text-sm">
              Follow an event to keep it here and hear its news first.
            </p>
            <a href="/#adventures" className={buttonClass('primary', 'md', 'mt-4')}>
              See our upcoming trips
            </a>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {favourites.map((favourite) => {
              const title = favourite.event?.title ?? 'Event no longer available';
              return (
                <li key={favourite.id} className="border-border bg-card rounded-lg border p-5">
                  <h2 className="text-lg font-semibold">{title}</h2>
                  {favourite.event && (
                    <p className="text-muted-foreground text-sm">
                      {formatOrdinalDate(favourite.event.start_date)}
                      {favourite.event.location ? ` · ${favourite.event.location}` : ''}
                    </p>
                  )}
                  <button
                    type="button"
                    className={buttonClass('outline', 'sm', 'mt-4')}
                    aria-label={`Remove ${title} from favourites`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(favourite)}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )
      }
    </QueryStatus>
  );
}
