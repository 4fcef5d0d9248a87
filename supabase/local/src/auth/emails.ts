import type { MailMessage } from '../context.ts';
import { escapeHtml } from '../mail/links.ts';

export type EmailKind = 'signup' | 'recovery' | 'email_change';

interface Copy {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  outro: string;
}

const COPY: Record<EmailKind, Copy> = {
  signup: {
    subject: 'Confirm your signup',
    heading: 'Confirm your signup',
    intro:
      'Thanks for joining us. Confirm your e-mail address to activate your membership and start booking.',
    action: 'Confirm my e-mail address',
    outro: "If you didn't create an account, you can safely ignore this e-mail.",
  },
  recovery: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    intro:
      'We received a request to reset the password for your account. Follow the link to choose a new one.',
    action: 'Reset my password',
    outro: "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
  },
  email_change: {
    subject: 'Confirm your new e-mail address',
    heading: 'Confirm your new e-mail address',
    intro: 'Follow the link to use this address for your account from now on.',
    action: 'Confirm my new address',
    outro: "If you didn't ask for this change, ignore this e-mail and your address stays the same.",
  },
};

/** "Haunted Horizons <no-reply@…>" → "Haunted Horizons": the e-mails are signed with the sender's name. */
export function brandName(mailFrom: string): string {
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom)?.[1]?.trim();
  return name && name !== '' ? name : 'Haunted Horizons';
}

export interface EmailInput {
  kind: EmailKind;
  to: string;
  link: string;
  otp: string;
  brand: string;
  /** Hours the link stays valid, stated in the e-mail. */
  validHours: number;
}

/** A plain-text and HTML e-mail with the link and, for typing in by hand, the six-digit code. */
export function composeEmail({ kind, to, link, otp, brand, validHours }: EmailInput): MailMessage {
  const copy = COPY[kind];
  const validity = `The link works for ${validHours} hour${validHours === 1 ? '' : 's'} and only once.`;
  const text = [
    `${copy.heading}`,
    '',
    copy.intro,
    '',
    `${copy.action}: ${link}`,
    '',
    `Or enter this code: ${otp}`,
    '',
    validity,
    copy.outro,
    '',
    `— The ${brand} team`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; color: #1f1d2b; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(copy.heading)}</h1>
<p>${escapeHtml(copy.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; background: #5b2bd6; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(copy.action)}</a></p>
<p>Or enter this code: <strong>${escapeHtml(otp)}</strong></p>
<p style="color: #5b5870">${escapeHtml(validity)} ${escapeHtml(copy.outro)}</p>
<p>— The ${escapeHtml(brand)} team</p>
</body></html>`;
  return { to, subject: copy.subject, text, html };
}
