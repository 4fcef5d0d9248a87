import * as z from 'zod';
import {
  pollClosesProblem,
  pollOptionProblem,
  pollOptionsProblem,
  pollQuestionProblem,
} from '../../polls/poll-rules';
import type { NewPoll } from '../../polls/polls.data';
import { ruleString } from '../../../lib/forms/rule-schema';

/**
 * The new-poll form's schema: each field through its rule in src/features/polls/poll-rules.ts (the database's CHECKs
 * say the same). Options are objects because useFieldArray keys its rows by them.
 */
export const pollFormSchema = z.object({
  eventId: z.string(),
  question: ruleString(pollQuestionProblem),
  options: z.array(z.object({ text: ruleString(pollOptionProblem) })).superRefine((options, context) => {
    // Empty options already say so by their field; 'two are the same' would only repeat it.
    const texts = options.map((option) => option.text);
    const problem = texts.every((text) => text.trim()) ? pollOptionsProblem(texts) : undefined;
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  /** A datetime-local value: the admin's own clock. */
  closes: z.string().superRefine((value, context) => {
    const problem = pollClosesProblem(value ? new Date(value) : null);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});
export type PollFormValues = z.infer<typeof pollFormSchema>;

export const EMPTY_POLL: PollFormValues = {
  eventId: '',
  question: '',
  options: [{ text: '' }, { text: '' }],
  closes: '',
};

/** What createPoll() sends for valid values. */
export function toNewPoll(values: PollFormValues): NewPoll {
  return {
    eventId: values.eventId || null,
    question: values.question.trim(),
    options: values.options.map((option) => option.text.trim()),
    closesAt: new Date(values.closes),
  };
}
