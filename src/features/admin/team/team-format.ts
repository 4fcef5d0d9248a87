/** Times on the team screen, in the company's time zone whatever the browser's. */
const WHEN = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const formatWhen = (iso: string): string => WHEN.format(new Date(iso));

/** A person as a sentence names them: their name, else their e-mail. */
export const nameOf = (person: { full_name: string | null; email: string }): string =>
  person.full_name?.trim() || person.email;
