import { useId } from 'react';
import { IMAGE_TYPES } from '../../../lib/images/image-rules';

const ACCEPT = Object.values(IMAGE_TYPES).join(',');

/**
 * The admin's image picker: a labelled file input for the types the image buckets take, the upload's
 * progress announced, and the browser check's refusal tied to the input. The screen uploads the file.
 */
export function ImageFileInput({
  uploading,
  problem,
  onPick,
}: {
  uploading: boolean;
  problem: string;
  onPick: (file: File) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm">
        Add an image (PNG, JPEG, GIF or WebP, up to 5 MB)
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be picked again after a refusal.
          event.target.value = '';
          if (file) onPick(file);
        }}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        className="text-sm file:mr-3 file:rounded-md file:border file:px-3 file:py-1"
      />
      <p role="status" className="text-muted-foreground text-sm">
        {uploading ? 'Uploading image…' : ''}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}
