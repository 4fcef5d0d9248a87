import { describe, expect, it } from 'vitest';
import { formCsvColumns, formCsvFileName, formCsvRows } from '../admin/traveller-forms/form-csv';
import { personRow } from '../admin/traveller-forms/person-row.fixture';
import { toCsv } from '../admin/table/csv';
import {
  answersFromValues,
  answersProblem,
  answerText,
  answerValues,
  dueLabel,
  fieldsFromDrafts,
  formDone,
  taskStatus,
  type FieldDraft,
} from './traveller-forms';

const draft = (over: Partial<FieldDraft> = {}): FieldDraft => ({
  label: 'Dietary needs',
  kind: 'text',
  required: true,
  options: '',
  ...over,
});

describe('fieldsFromDrafts', () => {
  it('numbers the keys in order, trims, and keeps options only for a choice', () => {
    expect(
      fieldsFromDrafts([
        draft({ label: ' Q ' }),
        draft({ kind: 'choice', options: ' A \n\nB', required: false }),
      ]),
    ).toEqual({
      fields: [
        { key: 'f1', label: 'Q', kind: 'text', required: true },
        { key: 'f2', label: 'Dietary needs', kind: 'choice', required: false, options: ['A', 'B'] },
      ],
    });
  });
  it('keeps a saved question’s key and numbers new ones after the highest', () => {
    expect(
      fieldsFromDrafts([draft({ key: 'f3' }), draft({ label: 'New' }), draft({ key: 'f1', label: 'Old' })]),
    ).toEqual({
      fields: [
        { key: 'f3', label: 'Dietary needs', kind: 'text', required: true },
        { key: 'f4', label: 'New', kind: 'text', required: true },
        { key: 'f1', label: 'Old', kind: 'text', required: true },
      ],
    });
  });
  it('names the first problem as the database would', () => {
    expect(fieldsFromDrafts([])).toEqual({ problem: 'A form has 1 to 30 questions.' });
    expect(fieldsFromDrafts([draft(), draft({ label: ' ' })])).toEqual({
      problem: 'Question 2: write the question (1 to 120 characters).',
    });
    expect(fieldsFromDrafts([draft({ kind: 'choice', options: 'A\nA' })])).toEqual({
      problem: 'Question 1: a choice needs 2 to 10 different options, one a line.',
    });
    expect(fieldsFromDrafts([draft({ kind: 'choice', options: `A\n${'x'.repeat(81)}` })])).toEqual({
      problem: 'Question 1: an option is at most 80 characters.',
    });
  });
});

describe('answersProblem', () => {
  const fields = [
    { key: 'f1', label: 'Diet', kind: 'text' as const, required: true },
    { key: 'f2', label: 'Room', kind: 'choice' as const, required: false, options: ['Single', 'Twin'] },
    { key: 'f3', label: 'Arrival', kind: 'date' as const, required: false },
  ];
  it('asks for required answers and checks choices and dates', () => {
    expect(answersProblem(fields, {})).toBe('"Diet" is required.');
    expect(answersProblem(fields, { f1: 'x', f2: 'Double' })).toBe('"Room" must be one of its options.');
    expect(answersProblem(fields, { f1: 'x', f3: '1/2/2026' })).toBe('"Arrival" must be a date.');
    expect(answersProblem(fields, { f1: 'x', f2: 'Twin', f3: '2026-12-01' })).toBeNull();
  });
  it('holds the answers as text for the form and sends them as the database keeps them', () => {
    const withYesNo = [...fields, { key: 'f4', label: 'Insured', kind: 'yes_no' as const, required: false }];
    const held = answerValues(withYesNo, { f1: 'Vegan', f2: null, f4: false });
    expect(held).toEqual({ f1: 'Vegan', f2: '', f3: '', f4: 'no' });
    expect(answersFromValues(withYesNo, held)).toEqual({ f1: 'Vegan', f4: false });
    expect(answersFromValues(withYesNo, { ...held, f3: '2026-12-01', f4: 'yes' })).toEqual({
      f1: 'Vegan',
      f3: '2026-12-01',
      f4: true,
    });
    expect(answerValues(fields, null)).toEqual({ f1: '', f2: '', f3: '' });
  });
});

const person = personRow();

describe('the export', () => {
  it('has one row per named traveller for a form each traveller answers', () => {
    const rows = formCsvRows(
      [
        { ...person, traveller_id: 't1', traveller_name: 'Bea', answers: { f1: 'Vegan' } },
        { ...person, traveller_id: 't2', traveller_name: 'Cy' },
        { ...person, unnamed: 1 },
      ],
      true,
    );
    const csv = toCsv(
      formCsvColumns([{ key: 'f1', label: 'Diet', kind: 'text', required: true }], true),
      rows,
    );
    expect(csv).toBe(
      '\uFEFFTraveller,Booked by,E-mail,Submitted,Diet\r\nBea,Ada,a@example.com,,Vegan\r\nCy,Ada,a@example.com,,\r\n',
    );
  });

  it('has a column per question and reads yes/no as words', () => {
    const columns = formCsvColumns([
      { key: 'f1', label: 'Diet', kind: 'text', required: true },
      { key: 'f2', label: 'Insured', kind: 'yes_no', required: false },
    ]);
    const csv = toCsv(columns, [{ ...person, answers: { f2: true } }]);
    expect(csv).toBe('\uFEFFName,E-mail,Submitted,Diet,Insured\r\nAda,a@example.com,,,Yes\r\n');
    expect(answerText(false)).toBe('No');
    expect(formCsvFileName('Trip details!', '2026-12-05')).toBe('trip-details-2026-12-05.csv');
    expect(dueLabel('2026-12-05')).toBe('5 Dec 2026');
  });
});

describe('taskStatus', () => {
  it('is done once done, overdue after the due date, to do until then', () => {
    expect(taskStatus(true, '2026-11-01', '2026-11-24')).toBe('Done');
    expect(taskStatus(false, '2026-11-23', '2026-11-24')).toBe('Overdue');
    expect(taskStatus(false, '2026-11-24', '2026-11-24')).toBe('To do');
  });
});

describe('formDone', () => {
  const sent = { submitted_at: '2026-11-20T00:00:00Z' };
  const waiting = { submitted_at: null };
  it('is the holder’s answers for a holder form', () => {
    expect(formDone({ answered_by: 'holder', ...sent, travellers: [], unnamed: 0 })).toBe(true);
    expect(formDone({ answered_by: 'holder', ...waiting, travellers: [], unnamed: 0 })).toBe(false);
  });
  it('needs every place named and every named traveller’s answers for a traveller form', () => {
    expect(formDone({ answered_by: 'traveller', ...waiting, travellers: [sent, sent], unnamed: 0 })).toBe(
      true,
    );
    expect(formDone({ answered_by: 'traveller', ...waiting, travellers: [sent, waiting], unnamed: 0 })).toBe(
      false,
    );
    expect(formDone({ answered_by: 'traveller', ...waiting, travellers: [sent], unnamed: 1 })).toBe(false);
    expect(formDone({ answered_by: 'traveller', ...waiting, travellers: [], unnamed: 0 })).toBe(false);
  });
});
