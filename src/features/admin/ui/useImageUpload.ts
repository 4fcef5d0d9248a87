import { useState } from 'react';
import type { StorageClient } from '@supabase/storage-js';
import { getStorage, getSupabase } from '../../../lib/supabase/client';
import { showToast } from '../../../stores/toasts';

/** What an upload ends in: the stored file's path, or why the file was refused (shown by the input). */
export type ImageUploadResult = { path: string } | { refused: string };

/**
 * An admin form's image upload (events, event updates): the file goes at once into the admin's own folder
 * of a bucket; a refused file's reason is shown by the input, a failed upload ends in a toast, a stored one
 * hands its path to the form and says what to do next.
 */
export function useImageUpload(
  upload: (storage: StorageClient, userId: string, file: File) => Promise<ImageUploadResult>,
  onUploaded: (path: string) => void,
  nextStep: string,
) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  async function pick(file: File) {
    setProblem('');
    setUploading(true);
    try {
      const [storage, supabase] = await Promise.all([getStorage(), getSupabase()]);
      const userId = (await supabase.auth.getSession()).data.session?.user.id;
      if (!userId) throw new Error('signed out');
      const result = await upload(storage, userId, file);
      if ('refused' in result) setProblem(result.refused);
      else {
        onUploaded(result.path);
        showToast({ title: 'Image added', description: nextStep, variant: 'success' });
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

  return { uploading, problem, pick };
}
