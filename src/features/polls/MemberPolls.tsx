import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { $loading, $user } from '../../stores/session';
import { showErrorToast, showToast } from '../../stores/toasts';
import { fetchPolls, PollRefusedError, voteInPoll, type PollWithResults } from './polls.data';
import { closingText, PollResults } from './PollResults';
import { EMPTY_VOTE, VOTE_RULES } from './polls';

/**
 * The polls a member can answer: on the dashboard every open poll (and those they voted in), on an event's
 * page that event's. A member votes once; the database refuses a second vote; results show after voting.
 */
export function MemberPolls({ eventId, headingLevel = 2 }: { eventId?: string; headingLevel?: 2 | 3 }) {
  const user = useStore($user);
  const loading = useStore($loading);
  const userId = user?.id ?? '';
  const polls = useQuery({
    queryKey: ['polls', userId, eventId ?? 'all'],
    queryFn: () => fetchPolls({ eventId: eventId ?? null }),
    enabled: !loading && userId !== '',
  });
  const Heading = `h${headingLevel}` as const;
  const shown = (polls.data ?? []).filter((poll) => poll.myVote !== null || poll.isOpen);
  if (!user || (polls.isSuccess && shown.length === 0)) return null;

  return (
    <section aria-labelledby="polls-title" className="mt-10 space-y-4">
      <Heading id="polls-title" className="text-xl font-semibold">
        Polls
      </Heading>
      {polls.isError && (
        <p role="alert" className="text-sm">
          The polls could not be loaded. Please refresh the page to try again.
        </p>
      )}
      {polls.isPending && (
        <p role="status" className="text-muted-foreground text-sm">
          Loading polls…
        </p>
      )}
      <ul className="grid gap-4 lg:grid-cols-2">
        {shown.map((poll) => (
          <li key={poll.id} className="border-border bg-card rounded-lg border p-4">
            <MemberPoll poll={poll} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MemberPoll({ poll }: { poll: PollWithResults }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { values, field, setErrors, submitting, handleSubmit } = useSubmitForm({
    rules: VOTE_RULES,
    empty: EMPTY_VOTE,
    // Nothing to reset: once the polls are read again, the results take the form's place.
    send: async ({ choice }) => {
      try {
        await voteInPoll(poll.id, Number(choice));
        showToast({ title: 'Vote counted', description: poll.question, variant: 'success' });
      } catch (error) {
        if (error instanceof PollRefusedError) setErrors({ choice: error.message });
        else showErrorToast();
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['polls'] });
      }
    },
  });
  const choice = field('choice');
  const problem = choice.error;

  return (
    <article aria-labelledby={`${id}-q`} className="space-y-3">
      <div>
        <h3 id={`${id}-q`} className="font-semibold">
          {poll.question}
        </h3>
        <p className="text-muted-foreground text-sm">
          {poll.event_title ? `${poll.event_title} · ` : ''}
          {closingText(poll.closes_at)}
        </p>
      </div>
      {poll.results ? (
        <PollResults options={poll.options} results={poll.results} myVote={poll.myVote} />
      ) : (
        <form onSubmit={handleSubmit} noValidate className="space-y-3">
          <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend className="sr-only">{poll.question}</legend>
            {poll.options.map((option, index) => (
              <label key={option} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name={choice.name}
                  checked={values.choice === String(index)}
                  onChange={() => choice.onChange(String(index))}
                />
                {option}
              </label>
            ))}
          </fieldset>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
          <button type="submit" className={buttonClass('primary', 'sm')} disabled={submitting}>
            Vote
          </button>
        </form>
      )}
    </article>
  );
}
