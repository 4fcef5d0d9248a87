/** An event update's document (Tiptap JSON, 20261128100001) of one paragraph, as SQL's jsonb text. */
export function paragraphDoc(text: string): string {
  return JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
}

/** The same as an SQL literal, for statements written out in full. */
export function paragraphDocSql(text: string): string {
  return `'${paragraphDoc(text).replaceAll("'", "''")}'::jsonb`;
}
