import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { getStorage, getSupabase } from '../../../lib/supabase/client';
import { showToast } from '../../../stores/toasts';
import { updateImageUrl } from '../../event-updates/event-updates';
import { FormField } from '../forms/FormField';
import { ImageFileInput } from '../forms/ImageFileInput';
import { uploadUpdateImage } from './update-image.data';

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
  const { control, setValue } = useFormContext<ImageFields>();
  const path = useWatch({ control, name: 'imagePath' });
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  async function pick(file: File) {
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
        <ImageFileInput uploading={uploading} problem={problem} onPick={(file) => void pick(file)} />
      )}
    </fieldset>
  );
}
