import { readFile } from 'node:fs/promises';
import type { StackConfig } from '../config.ts';
import type { MailMessage } from '../context.ts';
import { escapeHtml } from '../mail/links.ts';

/** GoTrue's template types this stack sends: the three with links, and two notifications. */
export type TemplateType = 'confirmation' | 'recovery' | 'email_change';
export type NotificationType = 'password_changed' | 'email_changed';

/** What GoTrue hands a template: strings, and `Data`, the user's metadata. */
export interface TemplateData {
  SiteURL: string;
  Email: string;
  ConfirmationURL?: string;
  Token?: string;
  TokenHash?: string;
  NewEmail?: string;
  /** email_change: the address this copy goes to (the old or the new one). */
  SendingTo?: string;
  OldEmail?: string;
  RedirectTo?: string;
  Data: Record<string, unknown>;
}

// GoTrue's own subjects and (short) bodies, used when config.toml names no file for a type.
const DEFAULTS: Record<TemplateType | NotificationType, { subject: string; body: string }> = {
  confirmation: {
    subject: 'Confirm your email address',
    body: '<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p>',
  },
  recovery: {
    subject: 'Reset your password',
    body: '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>',
  },
  email_change: {
    subject: 'Confirm your new email address',
    body: '<h2>Confirm Change of Email</h2><p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p><p><a href="{{ .ConfirmationURL }}">Change Email</a></p>',
  },
  password_changed: {
    subject: 'Your password was changed',
    body: '<h2>Your password has been changed</h2><p>The password for your account {{ .Email }} has just been changed.</p>',
  },
  email_changed: {
    subject: 'Your email address was changed',
    body: '<h2>Your email address has been changed</h2><p>The email address for your account has been changed from {{ .OldEmail }} to {{ .Email }}.</p>',
  },
};

// `{{ .Name }}` or `{{ .Data.key }}`; GoTrue runs full Go templates, this stack only these actions.
const ACTION = /\{\{-?\s*(.*?)\s*-?\}\}/g;
const FIELD = /^\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?$/;

/** Fills in a template's fields, HTML-escaped; an action this stack cannot render is an error. */
export function renderTemplate(source: string, data: TemplateData, name = 'template'): string {
  return source.replace(ACTION, (_whole, action: string) => {
    const match = FIELD.exec(action);
    if (!match) throw new Error(`${name}: unsupported template action {{ ${action} }}`);
    const [, field = '', key] = match;
    let value: unknown = (data as unknown as Record<string, unknown>)[field];
    if (key !== undefined) value = field === 'Data' ? data.Data[key] : undefined;
    if (value === undefined || value === null) return '';
    return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value));
  });
}

/** A readable plain-text part from the HTML: links keep their address, tags go. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, '$2: $1')
    .replace(/<\/(p|h[1-6]|div|li)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

/** The e-mail of one type, from the file and subject config.toml names (GoTrue's defaults otherwise). */
export async function composeEmail(
  config: StackConfig,
  type: TemplateType | NotificationType,
  to: string,
  data: TemplateData,
): Promise<MailMessage> {
  const entry =
    type === 'password_changed' || type === 'email_changed'
      ? config.auth.emailNotifications[type]
      : config.auth.emailTemplates[type];
  const body = entry?.contentPath ? await readFile(entry.contentPath, 'utf8') : DEFAULTS[type].body;
  const html = renderTemplate(body, data, entry?.contentPath ?? type);
  // Subjects are plain text: rendered, then unescaped back.
  const subject = htmlToText(
    renderTemplate(entry?.subject ?? DEFAULTS[type].subject, data, `${type} subject`),
  );
  return { to, subject, html, text: htmlToText(html) };
}

/** Whether config.toml turns a notification on ([auth.email.notification.<type>] enabled). */
export function notificationEnabled(config: StackConfig, type: NotificationType): boolean {
  return config.auth.emailNotifications[type]?.enabled === true;
}
