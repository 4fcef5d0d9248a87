// The rules for an event update's title and body (issue 9, /event-updates; admins post them). The database
// says the same (supabase/migrations/20261124700001_create_event_updates.sql), proven by
// supabase/local/test/db/field-rules-agree.test.ts.
import { characterCount, hasControlCharacters } from './text';

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
