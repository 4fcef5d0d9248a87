import type { StoredMessage } from './mailbox.ts';

// The JSON the Supabase CLI's mail catcher (Mailpit) answers on its API v1, so tools and tests written
// for `supabase start` read this mailbox unchanged. Only the fields that have meaning here are filled.

interface Address {
  Name: string;
  Address: string;
}

/** "Name <a@b>" or "a@b" as Mailpit's address object. */
export function addressOf(value: string): Address {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  return match ? { Name: match[1] ?? '', Address: match[2] ?? '' } : { Name: '', Address: value.trim() };
}

function sizeOf(message: StoredMessage): number {
  return Buffer.byteLength(message.text) + Buffer.byteLength(message.html ?? '');
}

export function summaryOf(message: StoredMessage) {
  return {
    ID: message.id,
    MessageID: `${message.id}@supabase-local`,
    Read: false,
    From: addressOf(message.from),
    To: [addressOf(message.to)],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.subject,
    Created: message.createdAt,
    Username: '',
    Tags: [],
    Size: sizeOf(message),
    Attachments: 0,
    Snippet: message.text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

export function messageOf(message: StoredMessage) {
  return {
    ID: message.id,
    MessageID: `${message.id}@supabase-local`,
    From: addressOf(message.from),
    To: [addressOf(message.to)],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: addressOf(message.from).Address,
    Subject: message.subject,
    ListUnsubscribe: listUnsubscribeOf(message),
    Date: message.createdAt,
    Tags: [],
    Username: '',
    Text: message.text,
    HTML: message.html ?? '',
    Size: sizeOf(message),
    Inline: [],
    Attachments: [],
  };
}

/** Mailpit's reading of the List-Unsubscribe headers: the header, its <links>, and the one-click POST header. */
function listUnsubscribeOf(message: StoredMessage) {
  const header = message.headers?.['List-Unsubscribe'] ?? '';
  return {
    Header: header,
    Links: [...header.matchAll(/<([^>]*)>/g)].map((match) => match[1] ?? ''),
    Errors: '',
    HeaderPost: message.headers?.['List-Unsubscribe-Post'] ?? '',
  };
}

/** Mailpit's GET /api/v1/message/<id>/headers: every header name with its values. */
export function headersOf(message: StoredMessage): Record<string, string[]> {
  const headers: Record<string, string[]> = {
    Date: [new Date(message.createdAt).toUTCString()],
    From: [message.from],
    'Message-Id': [`<${message.id}@supabase-local>`],
    'Mime-Version': ['1.0'],
    Subject: [message.subject],
    To: [message.to],
  };
  for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = [value];
  return headers;
}

/** Mailpit's list answer for one page of `matched` (newest first) out of `total` messages. */
export function listOf(matched: StoredMessage[], total: number, params: URLSearchParams) {
  const start = nonNegative(params.get('start'), 0);
  const limit = nonNegative(params.get('limit'), 50);
  const page = matched.slice(start, start + limit);
  return {
    total,
    unread: total,
    count: page.length,
    messages_count: matched.length,
    messages_unread: matched.length,
    start,
    tags: [],
    messages: page.map(summaryOf),
  };
}

function nonNegative(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

/** Words of a Mailpit search, quotes kept together: `to:"a@b" subject:reset`. */
function terms(query: string): string[] {
  return [...query.matchAll(/(\w+:)?"([^"]*)"|\S+/g)].map((match) =>
    match[2] !== undefined ? `${match[1] ?? ''}${match[2]}` : match[0],
  );
}

/** Mailpit's search, for the fields this mailbox has: `to:`, `from:`, `subject:` and free words. */
export function matchesSearch(message: StoredMessage, query: string): boolean {
  return terms(query).every((term) => {
    const [, field, value = ''] = /^(to|from|subject):(.*)$/i.exec(term) ?? [undefined, undefined, term];
    const wanted = value.toLowerCase();
    const fields = {
      to: [message.to],
      from: [message.from],
      subject: [message.subject],
    }[field?.toLowerCase() as 'to' | 'from' | 'subject'] ?? [message.to, message.subject, message.text];
    return fields.some((text) => text.toLowerCase().includes(wanted));
  });
}
