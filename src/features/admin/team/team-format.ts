/** A person as a sentence names them: their name, else their e-mail. */
export const nameOf = (person: { full_name: string | null; email: string }): string =>
  person.full_name?.trim() || person.email;
