import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { EVENT_IMAGES_MAX } from './event-rules';
import { SUPABASE_URL } from '../../../lib/supabase/config';
import { showToast } from '../../../stores/toasts';
import { ImageFileInput } from '../ui/ImageFileInput';
import { useImageUpload } from '../ui/useImageUpload';
import type { EventForm } from './event-form';

const BUCKET = 'event-images';

export const imageUrl = (path: string) =>
  `${SUPABASE_URL.replace(/\/+$/, '')}/storage/v1/object/public/${BUCKET}/${path}`;

/**
 * The event's images: each upload goes at once into the admin's own folder of the event-images bucket
 * (the bucket's policy and rules, as for comment images), and the form keeps its path; saving the event
 * stores the list. Removing an image takes it off the event (the file stays in the bucket).
 */
export function EventImages({ title }: { title: string }) {
  const { control, setValue } = useFormContext<EventForm>();
  const paths = useWatch({ control, name: 'image_paths' });
  const { uploading, problem, pick } = useImageUpload(
    async (storage, userId, file) => {
      const { uploadImage } = await import('../../../lib/images/upload-image');
      const result = await uploadImage(storage, BUCKET, userId, file);
      return result.outcome === 'refused' ? { refused: result.message } : { path: result.path };
    },
    (uploaded) => setValue('image_paths', [...paths, uploaded], { shouldDirty: true }),
    'Save the event to keep it.',
  );

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
