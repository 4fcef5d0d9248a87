import { describe, expect, it } from 'vitest';
import { POLL_OPTION_MAX } from '../../polls/poll-rules';
import { adminPollsQuery, resultLines } from './admin-polls';
import type { AdminPollRow } from './admin-polls.data';
import { EMPTY_POLL, pollFormSchema, toNewPoll } from './poll-form';

const inADay = () => {
  const at = new Date(Date.now() + 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};
const messages = (values: unknown) => {
  const result = pollFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the new-poll form', () => {
  it('says what is missing, by field', () => {
    expect(messages(EMPTY_POLL)).toEqual({
      question: 'Please enter the question.',
      'options.0.text': 'Please enter the option, or remove it.',
      'options.1.text': 'Please enter the option, or remove it.',
      closes: 'Please choose when the poll closes.',
    });
  });
  it('follows the rules at their limits: option length, same options, a past closing time', () => {
    const base = { eventId: '', question: 'Where?', closes: inADay() };
    const long = 'x'.repeat(POLL_OPTION_MAX);
    expect(messages({ ...base, options: [{ text: long }, { text: 'B' }] })).toEqual({});
    expect(messages({ ...base, options: [{ text: `${long}x` }, { text: 'B' }] })).toEqual({
      'options.0.text': `An option must be ${POLL_OPTION_MAX} characters or fewer.`,
    });
    expect(messages({ ...base, options: [{ text: 'Ghosts' }, { text: 'ghosts ' }] })).toEqual({
      options: 'Two options are the same.',
    });
    expect(messages({ ...base, options: [{ text: 'A' }], closes: '2000-01-01T10:00' })).toEqual({
      options: 'A poll has 2 to 6 options.',
      closes: 'The closing time must be in the future.',
    });
  });
  it('sends trimmed values, all members as no event', () => {
    const poll = toNewPoll({
      eventId: '',
      question: ' Where? ',
      options: [{ text: ' A' }, { text: 'B ' }],
      closes: inADay(),
    });
    expect(poll).toMatchObject({ eventId: null, question: 'Where?', options: ['A', 'B'] });
  });
});

describe('the polls list', () => {
  it('reads its query from the address', () => {
    expect(adminPollsQuery({})).toEqual({
      search: '',
      state: '',
      sort: 'closes',
      dir: 'desc',
      limit: 25,
      offset: 0,
    });
    expect(adminPollsQuery({ filter: 'open', sort: 'votes', dir: 'desc', page: 2 })).toMatchObject({
      state: 'open',
      sort: 'votes',
      dir: 'desc',
      offset: 25,
    });
    expect(adminPollsQuery({ filter: 'x', sort: 'nope' })).toMatchObject({ state: '', sort: 'closes' });
  });
  it('exports one line per option with its votes', () => {
    const poll = { question: 'Q?', options: ['A', 'B'], results: [3, 0] } as AdminPollRow;
    expect(resultLines([poll]).map((line) => [line.option, line.votes])).toEqual([
      ['A', 3],
      ['B', 0],
    ]);
  });
});
