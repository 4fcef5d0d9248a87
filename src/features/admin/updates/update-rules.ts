// The rules for an event update's title and body (issue 9, /event-updates; admins post them). The database
// says the same (supabase/schemas/08_event_updates.sql), proven by
// supabase/tests/database/field-rules-agree.test.ts.
import { characterCount, hasControlCharacters } from '../../../lib/rules/text';

export const UPDATE_TITLE_MAX = 200;
export const UPDATE_BODY_MAX = 5000;

/** Required, one line, at most UPDATE_TITLE_MAX characters once trimmed. */
export function updateTitleProblem(value: string): string | undefined {
  const title = value.trim();
  if (!title) return 'Please enter a title.';
  if (characterCount(title) > UPDATE_TITLE_MAX)
    return `The title must be ${UPDATE_TITLE_MAX} characters or fewer.`;
  if (hasControlCharacters(title)) return "The title contains characters we can't save.";
  return undefined;
}

/** Required, several lines, at most UPDATE_BODY_MAX characters once trimmed. */
export function updateBodyProblem(value: string): string | undefined {
  const body = value.trim();
  if (!body) return 'Please enter the update.';
  if (characterCount(body) > UPDATE_BODY_MAX)
    return `The update must be ${UPDATE_BODY_MAX} characters or fewer.`;
  if (hasControlCharacters(body, { multiline: true })) return "The update contains characters we can't save.";
  return undefined;
}

export const UPDATE_LINK_MAX = 2000;
export const IMAGE_ALT_MAX = 200;

/**
 * A link in an update: https with a host, or mailto: an address; no spaces, at most UPDATE_LINK_MAX
 * characters. The database's `private.is_update_link` says the same (20261128100001).
 */
export function updateLinkProblem(value: string): string | undefined {
  const ok =
    characterCount(value) <= UPDATE_LINK_MAX &&
    (/^https:\/\/[^/?#@\s]+([/?#]\S*)?$/u.test(value) || /^mailto:[^@?\s]+@[^@?\s]+(\?\S*)?$/iu.test(value));
  return ok ? undefined : 'Links must start with https:// or mailto: (at most 2000 characters, no spaces).';
}

/** An image's alt text: required with an image, one line, at most IMAGE_ALT_MAX characters once trimmed. */
export function imageAltProblem(value: string): string | undefined {
  const alt = value.trim();
  if (!alt) return 'Please describe the image for people who cannot see it.';
  if (characterCount(alt) > IMAGE_ALT_MAX)
    return `The description must be ${IMAGE_ALT_MAX} characters or fewer.`;
  if (hasControlCharacters(alt)) return "The description contains characters we can't save.";
  return undefined;
}
