import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { getSupabase } from '../../../lib/supabase/client';
import {
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  pollClosesProblem,
  pollOptionProblem,
  pollOptionsProblem,
  pollQuestionProblem,
} from '../../../lib/rules/polls';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { createPoll, PollRefusedError } from '../../polls/polls.data';

const control =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-foreground focus-visible:outline-3 focus-visible:outline-offset-1';

async function fetchEventChoices() {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date, status')
    .in('status', ['published', 'draft'])
    .order('start_date', { ascending: false })
    .limit(300);
  if (error) throw new Error(error.message);
  return data;
}

type Problems = Partial<Record<'question' | 'options' | 'closes' | `option${number}`, string | undefined>>;

/** The new-poll form: who it is for, the question, 2–6 options and the closing time (the admin's clock). */
export function PollForm({ onCreated }: { onCreated: () => Promise<unknown> }) {
  const id = useId();
  const events = useQuery({ queryKey: ['admin', 'polls', 'events'], queryFn: fetchEventChoices });
  const [eventId, setEventId] = useState('');
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [closes, setCloses] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  function check(): Problems {
    const found: Problems = {};
    found.question = pollQuestionProblem(question);
    options.forEach((option, index) => (found[`option${index}`] = pollOptionProblem(option)));
    found.options = pollOptionsProblem(options);
    found.closes = pollClosesProblem(closes ? new Date(closes) : null);
    return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as Problems;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await createPoll({ eventId: eventId || null, question, options, closesAt: new Date(closes) });
      showToast({ title: 'Poll created', description: question.trim(), variant: 'success' });
      setQuestion('');
      setOptions(['', '']);
      setCloses('');
      await onCreated();
    } catch (error) {
      if (error instanceof PollRefusedError) setProblems({ question: error.message });
      else showErrorToast();
    } finally {
      setBusy(false);
    }
  }

  const error = (key: keyof Problems) =>
    problems[key] ? (
      <p id={`${id}-${key}-error`} className="text-destructive text-sm">
        {problems[key]}
      </p>
    ) : null;
  const described = (key: keyof Problems) => (problems[key] ? `${id}-${key}-error` : undefined);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="border-border space-y-4 rounded-lg border p-4"
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold">
        New poll
      </h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-event`} className="text-sm font-medium">
          For
        </label>
        <select
          id={`${id}-event`}
          className={control}
          value={eventId}
          onChange={(change) => setEventId(change.target.value)}
        >
          <option value="">All members</option>
          {events.data?.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title} ({choice.start_date}){choice.status === 'draft' ? ' – draft' : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-question`} className="text-sm font-medium">
          Question <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-question`}
          className={control}
          value={question}
          required
          aria-invalid={problems.question ? true : undefined}
          aria-describedby={described('question')}
          onChange={(change) => setQuestion(change.target.value)}
        />
        {error('question')}
      </div>
      <fieldset className="space-y-2" aria-describedby={described('options')}>
        <legend className="text-sm font-medium">
          Options ({POLL_OPTIONS_MIN} to {POLL_OPTIONS_MAX})
        </legend>
        {options.map((option, index) => (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex gap-2">
              <label htmlFor={`${id}-option${index}`} className="sr-only">
                Option {index + 1}
              </label>
              <input
                id={`${id}-option${index}`}
                className={control}
                value={option}
                placeholder={`Option ${index + 1}`}
                aria-invalid={problems[`option${index}`] ? true : undefined}
                aria-describedby={described(`option${index}`)}
                onChange={(change) =>
                  setOptions(options.map((old, at) => (at === index ? change.target.value : old)))
                }
              />
              {options.length > POLL_OPTIONS_MIN && (
                <button
                  type="button"
                  className={buttonClass('ghost', 'md')}
                  onClick={() => setOptions(options.filter((_, at) => at !== index))}
                >
                  Remove<span className="sr-only"> option {index + 1}</span>
                </button>
              )}
            </div>
            {error(`option${index}`)}
          </div>
        ))}
        {options.length < POLL_OPTIONS_MAX && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setOptions([...options, ''])}
          >
            Add option
          </button>
        )}
        {error('options')}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-closes`} className="text-sm font-medium">
          Closes <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-closes`}
          type="datetime-local"
          className={control}
          value={closes}
          required
          aria-invalid={problems.closes ? true : undefined}
          aria-describedby={described('closes')}
          onChange={(change) => setCloses(change.target.value)}
        />
        {error('closes')}
      </div>
      <button type="submit" className={buttonClass('primary', 'md')} disabled={busy}>
        {busy ? 'Creating…' : 'Create poll'}
      </button>
    </form>
  );
}
