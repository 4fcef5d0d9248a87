import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { getSupabase } from '../../lib/supabase/client';
import { $loading, $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { fetchMyFollows, fetchReactions, saveReaction, setEventFollow } from './community.data';
import {
  foldReactions,
  NO_REACTIONS,
  REACTION_TYPES,
  REACTIONS,
  toggleReaction,
  type ReactionState,
  type ReactionType,
} from './reactions';

// Every card reads the same queries: TanStack Query makes each one request for the whole page.
const reactionsKey = (userId: string) => ['events', 'reactions', userId] as const;
const followsKey = (userId: string) => ['events', 'follows', userId] as const;

const pleaseLogIn = (description: string) => showToast({ title: 'Please log in', description });

/**
 * An event's reaction bar and follow button (spec: Events page). Visitors see the counts only; members
 * toggle their reactions and the follow (which is also the favourite). Changes show at once and are undone
 * if the server refuses; the server's answer then replaces them.
 */
export function EventCommunity({ eventId, title }: { eventId: string; title: string }) {
  const user = useStore($user);
  const sessionLoading = useStore($loading);
  const member = sessionLoading ? null : user;
  const queryClient = useQueryClient();

  // Visitors' counts wait for the session too, so a member's page never shows a visitor's state first.
  const reactions = useQuery({
    queryKey: reactionsKey(member?.id ?? ''),
    queryFn: async () => fetchReactions(await getSupabase(), member?.id ?? null),
    enabled: !sessionLoading,
  });
  const follows = useQuery({
    queryKey: followsKey(member?.id ?? ''),
    queryFn: async () => fetchMyFollows(await getSupabase(), member!.id),
    enabled: Boolean(member),
  });

  // Quick clicks on one card reach the server in order (a mutation scope runs its mutations one by one).
  const react = useMutation({
    scope: { id: `reaction:${eventId}` },
    mutationFn: async ({ userId, type, present }: { userId: string; type: ReactionType; present: boolean }) =>
      saveReaction(await getSupabase(), { user_id: userId, event_id: eventId, reaction_type: type }, present),
    onMutate: async ({ userId, type }) => {
      const key = reactionsKey(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ReactionState>(key);
      if (before) queryClient.setQueryData<ReactionState>(key, toggleReaction(before, eventId, type));
      return { before };
    },
    onError: (_error, { userId }, context) => {
      queryClient.setQueryData(reactionsKey(userId), context?.before);
      showToast({
        title: 'Error updating reaction',
        description: 'Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: (_result, _error, { userId }) =>
      queryClient.invalidateQueries({ queryKey: reactionsKey(userId) }),
  });

  const follow = useMutation({
    scope: { id: `follow:${eventId}` },
    mutationFn: async ({ follow: on }: { userId: string; follow: boolean }) =>
      setEventFollow(await getSupabase(), eventId, on),
    onMutate: async ({ userId, follow: on }) => {
      const key = followsKey(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (ids = []) =>
        on ? [...ids.filter((id) => id !== eventId), eventId] : ids.filter((id) => id !== eventId),
      );
      return { before };
    },
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
    onError: (_error, { userId }, context) => {
      queryClient.setQueryData(followsKey(userId), context?.before);
      showToast({
        title: 'Error',
        description: 'Failed to update follow status. Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: (_result, _error, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: followsKey(userId) });
      // /customer-favorites reads the favourites the follow also set.
      void queryClient.invalidateQueries({ queryKey: ['favourites', userId] });
      // A follow opens the event's updates to the member (/event-updates, /event-details).
      void queryClient.invalidateQueries({ queryKey: ['event-updates', userId] });
    },
  });

  const mine = (reactions.data && foldReactions(reactions.data).get(eventId)) || NO_REACTIONS;
  const following = Boolean(follows.data?.includes(eventId));

  const onReact = (type: ReactionType) => {
    if (!member) {
      pleaseLogIn('You need to be logged in to react to events.');
      return;
    }
    react.mutate({ userId: member.id, type, present: mine.mine.has(type) });
  };
  const onFollow = () => {
    if (!member) {
      pleaseLogIn('You need to be logged in to follow events.');
      return;
    }
    follow.mutate({ userId: member.id, follow: !following });
  };

  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      {!member && reactions.data && (
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
      {member && (
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
                  disabled={!reactions.data}
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
            disabled={!follows.data}
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
