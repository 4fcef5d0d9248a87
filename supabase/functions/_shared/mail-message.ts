/** One e-mail as the senders take it: the local stack's mailer and the send-mail Edge Function alike. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (the visitor who wrote to the company), when not the sender. */
  replyTo?: string;
  /** Marketing mail's RFC 8058 one-click target: sent as List-Unsubscribe + List-Unsubscribe-Post. */
  listUnsubscribe?: string;
}
