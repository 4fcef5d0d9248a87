// An admin's e-mail reply to an enquiry (/admin/waitlist). The database's public.reply_to_enquiry() checks
// the same with private.is_reply_subject and private.is_reply_body
// (supabase/schemas/06_enquiries.sql); supabase/tests/database/admin-enquiries.test.ts
// runs the boundary values through both.
import { characterCount, hasControlCharacters } from '../../../lib/rules/text';

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 5000;

/** One line, required, at most REPLY_SUBJECT_MAX characters. */
export function replySubjectProblem(value: string): string | undefined {
  const subject = value.trim();
  if (!subject) return 'Please enter a subject.';
  if (characterCount(subject) > REPLY_SUBJECT_MAX)
    return `The subject must be ${REPLY_SUBJECT_MAX} characters or fewer.`;
  if (hasControlCharacters(subject)) return "The subject contains characters we can't send.";
  return undefined;
}

/** Several lines, required, at most REPLY_BODY_MAX characters. */
export function replyBodyProblem(value: string): string | undefined {
  const body = value.trim();
  if (!body) return 'Please write your reply.';
  if (characterCount(body) > REPLY_BODY_MAX)
    return `The reply must be ${REPLY_BODY_MAX} characters or fewer.`;
  if (hasControlCharacters(body, { multiline: true })) return "The reply contains characters we can't send.";
  return undefined;
}
