import { useId, useState, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { IMAGE_TYPES } from '../../../lib/rules';
import { getStorage, getSupabase } from '../../../lib/supabase/client';
import { showToast } from '../../../stores/toasts';
import { updateImageUrl } from '../../event-updates/event-updates';
import { FormField } from '../forms/FormField';
import { uploadUpdateImage } from './update-image.data';

const ACCEPT = Object.values(IMAGE_TYPES).join(',');

interface ImageFields {
  imagePath: string;
  imageAlt: string;
}

/**
 * The update's optional image: uploaded at once into the admin's folder of the update-images bucket, then
 * described (alt text, required with an image: members using a screen reader and the e-mail read it).
 * Removing it takes it off the update (the file stays in the bucket).
 */
export function UpdateImagePicker() {
  const id = useId();
  const { control, setValue } = useFormContext<ImageFields>();
  const path = useWatch({ control, name: 'imagePath' });
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem('');
    setUploading(true);
    try {
      const [storage, supabase] = await Promise.all([getStorage(), getSupabase()]);
      const userId = (await supabase.auth.getSession()).data.session?.user.id;
      if (!userId) throw new Error('signed out');
      const result = await uploadUpdateImage(storage, userId, file);
      if (result.outcome === 'refused') setProblem(result.message);
      else {
        setValue('imagePath', result.path, { shouldDirty: true });
        showToast({
          title: 'Image added',
          description: 'Describe it, then send the update.',
          variant: 'success',
        });
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

  function remove() {
    setValue('imagePath', '', { shouldDirty: true });
    setValue('imageAlt', '');
    showToast({
      title: 'Image removed',
      description: 'The update goes without an image.',
      variant: 'success',
    });
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Image (optional)</legend>
      {path ? (
        <div className="flex flex-wrap items-start gap-4">
          {/* The preview's description is the one being written beside it. */}
          <img
            src={updateImageUrl(path)}
            alt="The chosen image"
            className="border-border h-24 w-36 rounded border object-cover"
          />
          <div className="min-w-64 flex-1 space-y-2">
            <FormField<ImageFields>
              name="imageAlt"
              label="Describe the image"
              hint="What it shows, for people who cannot see it (alt text)."
              required
              maxLength={200}
            />
            <button type="button" className={buttonClass('outline', 'sm')} onClick={remove}>
              Remove image
            </button>
          </div>
        </div>
      ) : (
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm">
            Add an image (PNG, JPEG, GIF or WebP, up to 5 MB)
          </label>
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            disabled={uploading}
            onChange={(event) => void pick(event)}
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
      )}
    </fieldset>
  );
}
