import { describe, expect, it } from 'vitest';
import { emailProblem } from '../rules';
import { formRules, ruleErrors } from './form-rules';
import { messagesAfterChange } from './useSubmitForm';

// What a change does to the shown messages (the hook's setField); the unit project has no DOM to render
// the hook in, so its decision is tested here and the browser tests cover the forms that use it.
describe('messagesAfterChange', () => {
  const rules = formRules<'email' | 'confirm'>({
    email: emailProblem,
    confirm: (value, values) => (value === values.email ? undefined : 'Not the same.'),
  });
  const shown = ruleErrors(rules, { email: 'nope', confirm: 'other' });

  it("by default clears the changed field's message and keeps the others until the next submit", () => {
    const next = { email: 'still wrong', confirm: 'other' };
    expect(messagesAfterChange(rules, shown, 'email', next, false)).toEqual({ confirm: 'Not the same.' });
    const none = {};
    expect(messagesAfterChange(rules, none, 'email', next, false)).toBe(none);
  });

  it('when revalidating shows the current message of every field, also one that reads the changed value', () => {
    expect(
      messagesAfterChange(rules, shown, 'email', { email: 'still wrong', confirm: 'other' }, true),
    ).toEqual(ruleErrors(rules, { email: 'still wrong', confirm: 'other' }));
    expect(shown).toEqual({ email: emailProblem('nope'), confirm: 'Not the same.' });
    expect(
      messagesAfterChange(
        rules,
        shown,
        'email',
        { email: 'ada@example.com', confirm: 'ada@example.com' },
        true,
      ),
    ).toEqual({});
    expect(
      messagesAfterChange(rules, {}, 'confirm', { email: 'ada@example.com', confirm: 'ad' }, true),
    ).toEqual({
      confirm: 'Not the same.',
    });
  });
});
