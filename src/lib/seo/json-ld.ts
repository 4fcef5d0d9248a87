/**
 * JSON for a <script type="application/ld+json">. '<' is escaped so text such as '</script>' inside content
 * can never end the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
