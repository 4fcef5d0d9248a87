import { extractLinks } from '../src/mail/links.ts';

/** One message as the tests see it, read through the mailbox's Mailpit API. */
export interface MailedMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's links, in order (as src/mail/links.ts finds them). */
  links: string[];
}

async function mailpitJson(mailUrl: string, path: string): Promise<unknown> {
  const response = await fetch(`${mailUrl}${path}`);
  if (!response.ok) throw new Error(`mailbox ${path} answered ${response.status}`);
  return response.json();
}

/**
 * Messages for one address, newest first, read through Mailpit's API at `mailUrl` as tools for the CLI do:
 * the stack tests and the browser tests read mail this one way.
 */
export async function mailpitMessagesTo(mailUrl: string, address: string): Promise<MailedMessage[]> {
  const found = (await mailpitJson(
    mailUrl,
    `/api/v1/search?limit=1000&query=${encodeURIComponent(`to:"${address}"`)}`,
  )) as { messages: { ID: string; To: { Address: string }[] }[] };
  const exact = found.messages.filter((summary) =>
    summary.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()),
  );
  return Promise.all(
    exact.map(async ({ ID }) => {
      const message = (await mailpitJson(mailUrl, `/api/v1/message/${ID}`)) as {
        To: { Address: string }[];
        Subject: string;
        Text: string;
        HTML: string;
      };
      return {
        id: ID,
        to: message.To[0]?.Address ?? '',
        subject: message.Subject,
        text: message.Text,
        html: message.HTML,
        links: extractLinks(message.Text, message.HTML),
      };
    }),
  );
}
