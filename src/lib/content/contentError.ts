/** The document a problem was found in, as the Studio knows it. */
export type DocumentRef = { _id: string; _type: string };

/** Thrown at build time when content breaks a rule; the message names the document and the field. */
export class ContentError extends Error {
  constructor(
    readonly document: DocumentRef,
    readonly field: string,
    readonly problem: string,
  ) {
    super(
      `Content error in ${document._type} "${document._id}" (${document._type}): field "${field}" ${problem}`,
    );
    this.name = 'ContentError';
  }
}

/** Thrown when a document the site cannot do without is absent from the dataset. */
export class MissingContentError extends Error {
  constructor(description: string) {
    super(`Content error: ${description}`);
    this.name = 'MissingContentError';
  }
}
