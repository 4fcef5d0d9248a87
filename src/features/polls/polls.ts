// A member's vote in a poll: the form's rule, pure, so the tests can pin it down.
import { formRules, ruleErrors } from '../../lib/forms/form-rules';
import type { FieldErrors } from '../../lib/forms/validation';

/** The vote form: the chosen option's index as text, '' before the member chooses. */
export type VoteField = 'choice';
export type VoteValues = Record<VoteField, string>;

export const EMPTY_VOTE: VoteValues = { choice: '' };

/** An option must be chosen; which options exist, and whether the poll is still open, the database checks. */
export const VOTE_RULES = formRules<VoteField>({
  choice: (value) => (value === '' ? 'Please choose an option.' : undefined),
});

export function validateVote(values: VoteValues): FieldErrors<VoteField> {
  return ruleErrors(VOTE_RULES, values);
}
