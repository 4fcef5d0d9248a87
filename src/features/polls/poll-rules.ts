// The rules for a poll's question and options (issue 11, /admin/polls). The database says the same
// (supabase/schemas/09_polls.sql), proven by src/features/polls/polls.data.test.ts.
import { characterCount, hasControlCharacters } from '../../lib/rules/text';

export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_MAX = 120;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 6;

/** Required, one line, at most POLL_QUESTION_MAX characters once trimmed. */
export function pollQuestionProblem(value: string): string | undefined {
  const question = value.trim();
  if (!question) return 'Please enter the question.';
  if (characterCount(question) > POLL_QUESTION_MAX)
    return `The question must be ${POLL_QUESTION_MAX} characters or fewer.`;
  if (hasControlCharacters(question)) return "The question contains characters we can't save.";
  return undefined;
}

/** Required, one line, at most POLL_OPTION_MAX characters once trimmed. */
export function pollOptionProblem(value: string): string | undefined {
  const option = value.trim();
  if (!option) return 'Please enter the option, or remove it.';
  if (characterCount(option) > POLL_OPTION_MAX)
    return `An option must be ${POLL_OPTION_MAX} characters or fewer.`;
  if (hasControlCharacters(option)) return "The option contains characters we can't save.";
  return undefined;
}

/** 2 to 6 options, no two the same (ignoring case). */
export function pollOptionsProblem(options: string[]): string | undefined {
  if (options.length < POLL_OPTIONS_MIN || options.length > POLL_OPTIONS_MAX)
    return `A poll has ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options.`;
  const seen = new Set(options.map((option) => option.trim().toLowerCase()));
  if (seen.size !== options.length) return 'Two options are the same.';
  return undefined;
}

/** The closing time must be later than now. */
export function pollClosesProblem(closesAt: Date | null, now = new Date()): string | undefined {
  if (!closesAt || Number.isNaN(closesAt.getTime())) return 'Please choose when the poll closes.';
  if (closesAt.getTime() <= now.getTime()) return 'The closing time must be in the future.';
  return undefined;
}
