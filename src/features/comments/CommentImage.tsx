import { SUPABASE_URL } from '../../lib/supabase/config';
import { isShownImageUrl } from './comment-image';

/**
 * A comment's image, in a box of fixed shape (4:3, at most 24rem wide) that holds its place before the
 * image arrives, so the page does not jump; the image fits inside it whatever its own shape. Only images in
 * the author's folder of this site's bucket are shown (comment-image.ts).
 */
export function CommentImage({ url, name, authorId }: { url: string; name: string; authorId: string }) {
  if (!isShownImageUrl(url, SUPABASE_URL, authorId)) return null;
  return (
    <div className="bg-muted mt-2 aspect-[4/3] w-full max-w-sm overflow-hidden rounded-md">
      <img
        src={url}
        alt={`Attached image: ${name}`}
        width={384}
        height={288}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-contain"
      />
    </div>
  );
}
