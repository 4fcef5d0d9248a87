import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { EVENT_IMAGES_MAX } from '../../../lib/rules';
import { getStorage, getSupabase } from '../../../lib/supabase/client';
import { SUPABASE_URL } from '../../../lib/supabase/config';
import { showToast } from '../../../stores/toasts';
import { ImageFileInput } from '../forms/ImageFileInput';
import type { EventForm } from './event-form';

export const imageUrl = (path: string) =>
  `${SUPABASE_URL.replace(/\/+$/, '')}/storage/v1/object/public/event-images/${path}`;

/**
 * The event's images: each upload goes at once into the admin's own folder of the event-images bucket
 * (the bucket's policy and rules, as for comment images), and the form keeps its path; saving the event
 * stores the list. Removing an image takes it off the event (the file stays in the bucket).
 */
export function EventImages({ title }: { title: string }) {
  const { control, setValue } = useFormContext<EventForm>();
  const paths = useWatch({ control, name: 'image_paths' });
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  async function pick(file: File) {
    setProblem('');
    setUploading(true);
    try {
      const [{ uploadCommentImage }, storage, supabase] = await Promise.all([
        import('../../comments/comment-image.data'),
        getStorage(),
        getSupabase(),
      ]);
      const userId = (await supabase.auth.getSession()).data.session?.user.id;
      if (!userId) throw new Error('signed out');
      const result = await uploadCommentImage(storage, userId, file);
      if (result.outcome === 'refused') setProblem(result.message);
      else if (result.outcome === 'failed') throw new Error('upload failed');
      else {
        setValue('image_paths', [...paths, result.attachment.path], { shouldDirty: true });
        showToast({ title: 'Image added', description: 'Save the event to keep it.', variant: 'success' });
      }
    } catch {
      showToast({
        title: 'Upload failed',
        description: 'Failed to upload image. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  }

  function remove(path: string) {
    setValue(
      'image_paths',
      paths.filter((other) => other !== path),
      { shouldDirty: true },
    );
    showToast({
      title: 'Image removed',
      description: 'Save the event to keep the change.',
      variant: 'success',
    });
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Images</legend>
      {paths.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {paths.map((path, index) => (
            <li key={path} className="flex flex-col items-start gap-1">
              <img
                src={imageUrl(path)}
                alt={`Image ${index + 1} of ${title || 'the event'}`}
                className="border-border h-24 w-36 rounded border object-cover"
              />
              <button type="button" className={buttonClass('outline', 'sm')} onClick={() => remove(path)}>
                Remove image {index + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      {paths.length < EVENT_IMAGES_MAX ? (
        <ImageFileInput uploading={uploading} problem={problem} onPick={(file) => void pick(file)} />
      ) : (
        <p className="text-muted-foreground text-sm">An event holds at most {EVENT_IMAGES_MAX} images.</p>
      )}
    </fieldset>
  );
}
