/**
 * RFC 2369 + RFC 8058 headers for a marketing message whose one-click target is `url` (decision 0047): mail
 * clients show an Unsubscribe button and POST `List-Unsubscribe=One-Click` to the URL, without signing in.
 */
export function listUnsubscribeHeaders(url: string | undefined): Record<string, string> {
  if (!url) return {};
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
