import { useId, useRef, useState, type ChangeEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { IMAGE_TYPES } from '../../lib/images/image-rules';
import { getStorage } from '../../lib/supabase/client';
import { showToast } from '../../stores/toasts';
import type { Attachment } from './comment-image';
import { CommentImage } from './CommentImage';

const ACCEPT = Object.values(IMAGE_TYPES).join(',');

/**
 * Picks one image for a comment and uploads it at once, so the comment only has to name it. The check and
 * the upload (with storage-js) are downloaded when the member picks a file, never before. onBusy tells the
 * form to hold its post button while the image uploads.
 */
export function ImagePicker({
  userId,
  value,
  onChange,
  onBusy,
}: {
  userId: string;
  value: Attachment | null;
  onChange: (attachment: Attachment | null) => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');
  // Focus follows the member: to 'Remove image' once the image is in, back to the picker once removed.
  const refocus = useRef(false);

  function busy(on: boolean) {
    setUploading(on);
    onBusy(on);
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem('');
    busy(true);
    try {
      // The Storage client loads beside the module (the upload then finds it loaded: it is one per page).
      const [{ uploadCommentImage }] = await Promise.all([import('./comment-image.data'), getStorage()]);
      const result = await uploadCommentImage(userId, file);
      if (result.outcome === 'uploaded') onChange(result.attachment);
      else if (result.outcome === 'refused') setProblem(result.message);
      else failed();
    } catch {
      failed();
    } finally {
      busy(false);
    }
  }

  async function remove(attachment: Attachment) {
    refocus.current = true;
    onChange(null);
    // Best effort: an image left behind stays in the member's own folder (decision 0028).
    try {
      const { removeCommentImage } = await import('./comment-image.data');
      await removeCommentImage(attachment.path);
    } catch {
      // Nothing the member needs to know: the comment no longer names the image.
    }
  }

  if (value)
    return (
      <div>
        <CommentImage url={value.url} name={value.name} authorId={userId} />
        <button
          type="button"
          autoFocus
          className={`${buttonClass('outline', 'sm')} mt-2`}
          onClick={() => void remove(value)}
        >
          Remove image
        </button>
      </div>
    );
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Add an image (optional, up to 5 MB)
      </label>
      <input
        ref={(node) => {
          if (node && refocus.current) {
            refocus.current = false;
            node.focus();
          }
        }}
        id={id}
        type="file"
        accept={ACCEPT}
        disabled={uploading}
        onChange={(event) => void pick(event)}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        className="text-sm file:mr-3 file:rounded-md file:border file:px-3 file:py-1"
      />
      <p id={`${id}-status`} role="status" className="text-muted-foreground text-sm">
        {uploading ? 'Uploading image...' : ''}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}

function failed() {
  showToast({
    title: 'Upload failed',
    description: 'Failed to upload image. Please try again.',
    variant: 'destructive',
  });
}
