import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { useMemberIdAsBuilt } from '../../stores/session-as-built';
import { showToast } from '../../stores/toasts';
import { saveReaction, setEventFollow } from './community.data';
import type { EventsPage } from './events.data';
import {
  foldReactions,
  NO_REACTIONS,
  REACTION_TYPES,
  REACTIONS,
  toggleReaction,
  type ReactionType,
} from './reactions';

const pleaseLogIn = (description: string) => showToast({ title: 'Please log in', description });

/**
 * An event's reaction bar and follow button (spec: Events page). Visitors see the counts only; members
 * toggle their reactions and the follow (which is also the favourite). The page read them with the events
 * (`page`, cached under `pageKey`); changes show at once and are undone if the server refuses; the server's
 * answer then replaces them.
 */
export function EventCommunity({
  eventId,
  title,
  page,
  pageKey,
}: {
  eventId: string;
  title: string;
  page: EventsPage;
  pageKey: readonly unknown[];
}) {
  // The member's buttons as soon as the session says who they are, without waiting for their profile: the
  // list may show before it (its reads start from the HTML), and counts swapped for buttons would move it.
  const memberId = useMemberIdAsBuilt();
  const queryClient = useQueryClient();

  /** Changes the cached page at once; returns what to put back if the server refuses. */
  async function patchPage(change: (held: EventsPage) => EventsPage) {
    await queryClient.cancelQueries({ queryKey: pageKey });
    const before = queryClient.getQueryData<EventsPage>(pageKey);
    if (before) queryClient.setQueryData<EventsPage>(pageKey, change(before));
    return { before };
  }

  // Quick clicks on one card reach the server in order (a mutation scope runs its mutations one by one).
  const react = useMutation({
    scope: { id: `reaction:${eventId}` },
    mutationFn: ({ userId, type, present }: { userId: string; type: ReactionType; present: boolean }) =>
      saveReaction({ user_id: userId, event_id: eventId, reaction_type: type }, present),
    onMutate: async ({ type }) =>
      patchPage((held) => ({ ...held, reactions: toggleReaction(held.reactions, eventId, type) })),
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(pageKey, context?.before);
      showToast({
        title: 'Error updating reaction',
        description: 'Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pageKey }),
  });

  const follow = useMutation({
    scope: { id: `follow:${eventId}` },
    mutationFn: ({ follow: on }: { userId: string; follow: boolean }) => setEventFollow(eventId, on),
    onMutate: async ({ follow: on }) =>
      patchPage((held) => {
        const others = held.follows.filter((id) => id !== eventId);
        return { ...held, follows: on ? [...others, eventId] : others };
      }),
    onSuccess: (_result, { follow: on }) =>
      showToast(
        on
          ? {
              title: 'Event followed!',
              description: "You'll receive notifications and this event has been added to your favourites.",
              variant: 'success',
            }
          : {
              title: 'Event unfollowed',
              description: 'You will no longer receive notifications for this event.',
            },
      ),
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(pageKey, context?.before);
      showToast({
        title: 'Error',
        description: 'Failed to update follow status. Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: (_result, _error, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: pageKey });
      // /customer-favorites reads the favourites the follow also set.
      void queryClient.invalidateQueries({ queryKey: ['favourites', userId] });
      // A follow opens the event's updates to the member (/event-updates, /event-details).
      void queryClient.invalidateQueries({ queryKey: ['event-updates', userId] });
    },
  });

  const mine = foldReactions(page.reactions).get(eventId) ?? NO_REACTIONS;
  const following = page.follows.includes(eventId);

  const onReact = (type: ReactionType) => {
    if (!memberId) {
      pleaseLogIn('You need to be logged in to react to events.');
      return;
    }
    react.mutate({ userId: memberId, type, present: mine.mine.has(type) });
  };
  const onFollow = () => {
    if (!memberId) {
      pleaseLogIn('You need to be logged in to follow events.');
      return;
    }
    follow.mutate({ userId: memberId, follow: !following });
  };

  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      {!memberId && (
        <ul
          aria-label={`Reactions to ${title}`}
          className="text-muted-foreground flex flex-wrap gap-3 text-sm"
        >
          {REACTION_TYPES.map((type) => (
            <li key={type}>
              <span aria-hidden="true">{REACTIONS[type].emoji}</span>
              <span className="sr-only">{REACTIONS[type].label}</span> {mine.counts[type]}
            </li>
          ))}
        </ul>
      )}
      {memberId && (
        <>
          <div role="group" aria-label={`Reactions to ${title}`} className="flex flex-wrap gap-2">
            {REACTION_TYPES.map((type) => {
              const pressed = mine.mine.has(type);
              return (
                <button
                  key={type}
                  type="button"
                  aria-pressed={pressed}
                  title={REACTIONS[type].label}
                  onClick={() => onReact(type)}
                  className={buttonClass(
                    pressed ? 'secondary' : 'outline',
                    'sm',
                    pressed ? 'ring-primary ring-2' : '',
                  )}
                >
                  <span aria-hidden="true">{REACTIONS[type].emoji}</span>
                  <span className="sr-only">{REACTIONS[type].label}</span>
                  <span>{mine.counts[type]}</span>
                </button>
              );
            })}
          </div>
          <button
            type="button"
            aria-pressed={following}
            onClick={onFollow}
            className={buttonClass(following ? 'primary' : 'outline', 'sm', 'ml-auto')}
          >
            <span aria-hidden="true">{following ? '★' : '☆'}</span>
            Follow<span className="sr-only">: {title}</span>
          </button>
        </>
      )}
    </div>
  );
}
