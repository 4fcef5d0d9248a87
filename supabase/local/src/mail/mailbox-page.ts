import type { StoredMessage } from './mailbox.ts';
import { escapeHtml } from './links.ts';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; color: #1f1d2b; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin: 0 0 .25rem; }
  article { border: 1px solid #d8d4e8; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  .meta { color: #5b5870; font-size: .9rem; margin: 0 0 .75rem; }
  pre { white-space: pre-wrap; background: #f6f5fb; padding: .75rem; border-radius: .25rem; }
  a { color: #5b2bd6; word-break: break-all; }
`;

/** The mailbox as one readable page, newest message first. */
export function renderMailboxPage(messages: StoredMessage[]): string {
  const items = messages.map(renderMessage).join('\n');
  const empty = '<p>No messages yet. Sign up on the site and the confirmation e-mail appears here.</p>';
  return page(
    `Local mailbox (${messages.length})`,
    `<p>Every e-mail the local stack sends lands here. JSON, as Mailpit answers it: <a href="/api/v1/messages">/api/v1/messages</a>.</p>
${messages.length ? items : empty}`,
  );
}

function renderMessage(message: StoredMessage): string {
  const links = message.links.length
    ? `<p>Links:</p><ul>${message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>`
    : '';
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To ${escapeHtml(message.to)} · From ${escapeHtml(message.from)} · <time datetime="${message.createdAt}">${message.createdAt}</time></p>
  <pre>${escapeHtml(message.text)}</pre>
  ${links}
</article>`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}
