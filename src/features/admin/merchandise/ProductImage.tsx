import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { showToast } from '../../../stores/toasts';
import { productImageUrl } from '../../store/product-image';
import { ImageFileInput } from '../ui/ImageFileInput';
import { useImageUpload } from '../ui/useImageUpload';
import type { ProductForm } from './merchandise';
import { uploadProductImage } from './merchandise.data';

/**
 * The product's one picture: an upload goes at once into the admin's own folder of the product-images
 * bucket and the form keeps its path; saving the product shows it in the store. A new upload replaces the
 * picture; removing it leaves the card without one (the file stays in the bucket).
 */
export function ProductImage({ name }: { name: string }) {
  const { control, setValue } = useFormContext<ProductForm>();
  const path = useWatch({ control, name: 'image_path' });
  const { uploading, problem, pick } = useImageUpload(
    uploadProductImage,
    (uploaded) => setValue('image_path', uploaded, { shouldDirty: true }),
    'Save the product to keep it.',
  );

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Picture</legend>
      {path && (
        <div className="flex flex-col items-start gap-1">
          <img
            src={productImageUrl(path)}
            alt={`Picture of ${name.trim() || 'the product'}`}
            className="border-border h-32 w-44 rounded border object-cover"
          />
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => {
              setValue('image_path', null, { shouldDirty: true });
              showToast({
                title: 'Picture removed',
                description: 'Save the product to keep the change.',
                variant: 'success',
              });
            }}
          >
            Remove picture
          </button>
        </div>
      )}
      <ImageFileInput uploading={uploading} problem={problem} onPick={(file) => void pick(file)} />
    </fieldset>
  );
}
