// A product's picture (decision 0092): a file the site serves (/images/store/…, the sample products) as it
// is, or a file an admin uploaded to the public product-images bucket, from Storage.
import { SUPABASE_URL } from '../../lib/supabase/config';

export const PRODUCT_IMAGES_BUCKET = 'product-images';

export function productImageUrl(path: string, supabaseUrl: string = SUPABASE_URL): string {
  if (path.startsWith('/')) return path;
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${PRODUCT_IMAGES_BUCKET}/${encoded}`;
}
