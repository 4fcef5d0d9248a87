import { answerText, type FormFieldDef } from '../../traveller-forms/traveller-forms';
import type { CsvColumn } from '../table/csv';
import type { FormTraveller } from './admin-traveller-forms.data';

/**
 * The export's columns: who (for a traveller form, the traveller and who booked them), when, then one column
 * per question in the form's order.
 */
export function formCsvColumns(fields: FormFieldDef[], perTraveller = false): CsvColumn<FormTraveller>[] {
  const who: CsvColumn<FormTraveller>[] = perTraveller
    ? [
        { header: 'Traveller', value: (row) => row.traveller_name },
        { header: 'Booked by', value: (row) => row.full_name },
      ]
    : [{ header: 'Name', value: (row) => row.full_name }];
  return [
    ...who,
    { header: 'E-mail', value: (row) => row.email },
    { header: 'Submitted', value: (row) => row.submitted_at },
    ...fields.map((field) => ({
      header: field.label,
      value: (row: FormTraveller) => answerText(row.answers?.[field.key]),
    })),
  ];
}

/** The rows exported: every person; a traveller form's "not named yet" rows are not people, so they stay out. */
export function formCsvRows(rows: FormTraveller[], perTraveller: boolean): FormTraveller[] {
  return perTraveller ? rows.filter((row) => row.traveller_id !== null) : rows;
}

/** trip-details-2026-12-05.csv: the form's title and due date name the file. */
export function formCsvFileName(title: string, dueDate: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'form'}-${dueDate}.csv`;
}
