import { useId, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { lengthCounter } from '../../lib/format/counter';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { characterCount } from '../../lib/rules';
import { COMMENT_MAX, commentTextOk } from './comment-rules';
import type { Attachment } from './comment-image';
import { COMMENT_RULES } from './comments';
import { ImagePicker } from './ImagePicker';

/**
 * A text box for a comment, reply or edit: its count of characters against the limit shows as the member
 * types, and the button stays disabled while the text is blank or too long, or while an image uploads.
 * With imageFor (the member's id) the member may attach one image (a new comment; replies and edits have
 * none); the image is kept beside the form's values, which are text. onSubmit resolves true when the text
 * was saved (the box and the image then empty).
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  imageFor,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (text: string, attachment: Attachment | null) => Promise<boolean>;
  onCancel?: () => void;
  imageFor?: string;
}) {
  const id = useId();
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [uploading, setUploading] = useState(false);
  const { field, values, submitting, handleSubmit } = useSubmitForm({
    rules: COMMENT_RULES,
    empty: { content: initial },
    send: async ({ content }) => {
      if (uploading) return false;
      const saved = await onSubmit(content.trim(), attachment);
      if (saved) setAttachment(null);
      return saved;
    },
  });
  const content = field('content');
  const count = characterCount(values.content.trim());
  const over = count > COMMENT_MAX;

  return (
    <form onSubmit={handleSubmit} className="mt-3 grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={content.name}
        value={content.value}
        rows={3}
        onChange={(event) => content.onChange(event.target.value)}
        aria-describedby={content.error ? `${id}-count ${id}-error` : `${id}-count`}
        aria-invalid={over || Boolean(content.error) || undefined}
        className="border-border bg-background text-foreground w-full rounded-md border px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-1"
      />
      {content.error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {content.error}
        </p>
      )}
      {imageFor && (
        <ImagePicker userId={imageFor} value={attachment} onChange={setAttachment} onBusy={setUploading} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-count`} className={over ? 'text-destructive text-sm' : 'text-muted-foreground text-sm'}>
          {lengthCounter(count, COMMENT_MAX)} characters
        </p>
        <div className="flex gap-2">
          {onCancel && (
            <button type="button" onClick={onCancel} className={buttonClass('outline', 'sm')}>
              Cancel
            </button>
          )}
          <button
            type="submit"
            disabled={!commentTextOk(values.content) || submitting || uploading}
            className={buttonClass('primary', 'sm')}
          >
            {submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
