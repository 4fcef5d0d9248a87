/** Every distinct http(s) link in a message, in order of appearance: tests and readers follow them. */
export function extractLinks(text: string, html: string | undefined): string[] {
  const found: string[] = [];
  const add = (link: string): void => {
    if (!found.includes(link)) found.push(link);
  };
  for (const match of (html ?? '').matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi))
    add(decodeEntities(match[1] ?? ''));
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) add(match[0]);
  return found;
}

function decodeEntities(value: string): string {
  return value
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/** Escapes text for HTML bodies and attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
