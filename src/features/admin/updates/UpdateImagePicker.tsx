import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { showToast } from '../../../stores/toasts';
import { updateImageUrl } from '../../event-updates/event-updates';
import { FormField } from '../ui/FormField';
import { ImageFileInput } from '../ui/ImageFileInput';
import { useImageUpload } from '../ui/useImageUpload';
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
  const { uploading, problem, pick } = useImageUpload(
    async (storage, userId, file) => {
      const result = await uploadUpdateImage(storage, userId, file);
      return result.outcome === 'refused' ? { refused: result.message } : { path: result.path };
    },
    (uploaded) => setValue('imagePath', uploaded, { shouldDirty: true }),
    'Describe it, then send the update.',
  );

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
