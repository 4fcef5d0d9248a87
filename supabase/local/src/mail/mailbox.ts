import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { MailMessage } from '../context.ts';
import { extractLinks } from './links.ts';
import { listUnsubscribeHeaders } from '../../../functions/_shared/list-unsubscribe.ts';

export interface StoredMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  createdAt: string;
  /** Headers beyond the envelope's (List-Unsubscribe …); absent in messages stored before they existed. */
  headers?: Record<string, string>;
}

/**
 * The local mailbox: messages in memory, and one JSON file each under `dir` when given, so the mailbox
 * survives a restart of the stack like the rest of its data.
 */
export class Mailbox {
  private readonly messages: StoredMessage[] = [];

  constructor(
    private readonly from: string,
    private readonly dir: string | undefined,
  ) {
    if (dir) this.messages.push(...loadMessages(dir));
  }

  add(message: MailMessage): StoredMessage {
    const stored: StoredMessage = {
      id: randomUUID(),
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      links: extractLinks(message.text, message.html),
      createdAt: new Date().toISOString(),
      headers: listUnsubscribeHeaders(message.listUnsubscribe),
    };
    if (this.dir) writeMessage(this.dir, stored);
    this.messages.push(stored);
    return stored;
  }

  /** Newest first; `to` matches the recipient case-insensitively. */
  list(to?: string): StoredMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages
      .filter((message) => !wanted || message.to.toLowerCase() === wanted)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || this.order(b) - this.order(a));
  }

  get(id: string): StoredMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }

  /** Removes the messages with these ids; the others stay. */
  remove(ids: readonly string[]): void {
    const unwanted = new Set(ids);
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i];
      if (!message || !unwanted.has(message.id)) continue;
      this.messages.splice(i, 1);
      if (this.dir) rmSync(path.join(this.dir, `${message.id}.json`), { force: true });
    }
  }

  clear(): void {
    this.messages.length = 0;
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  // Two messages in the same millisecond keep their arrival order.
  private order(message: StoredMessage): number {
    return this.messages.indexOf(message);
  }
}

function loadMessages(dir: string): StoredMessage[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const messages: StoredMessage[] = [];
  for (const name of names) {
    try {
      messages.push(JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as StoredMessage);
    } catch {
      // A file cut short by a crash is skipped rather than taking the mailbox down.
    }
  }
  return messages.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function writeMessage(dir: string, message: StoredMessage): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${message.id}.json`);
  // Write then rename, so a reader never sees half a message.
  writeFileSync(`${file}.tmp`, JSON.stringify(message, null, 2));
  renameSync(`${file}.tmp`, file);
}
