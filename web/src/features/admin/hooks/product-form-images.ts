import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ServerMessageError } from '../../../lib/api-errors';
import { useSession } from '../../../lib/session';
import { fileRefusal, uploadProductImage } from '../api/product-form-upload';
import { MAX_PRODUCT_IMAGES, productFormMessages } from './product-form-model';

const UPLOAD_FAILED = 'Something went wrong while uploading images.';
const UPLOADED = 'Images uploaded successfully!';

export interface ProductImageUpload {
  /** Files still on their way (0 when idle). */
  pending: number;
  /** What went wrong with the last selection, kept beside the control after the toast has gone. */
  problem: string | null;
  addFiles(files: File[]): Promise<void>;
}

/**
 * Uploads the chosen files one after another, each added to the images as soon as it is stored.
 * A selection that would pass the maximum is refused as a whole; a file the browser can tell is
 * wrong (type, size) is not sent; a file the server refuses is reported with the server's words.
 */
export function useProductImageUpload(
  imageCount: number,
  updateImages: (update: (images: string[]) => string[]) => void,
): ProductImageUpload {
  const { refreshSession } = useSession();
  const [pending, setPending] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  async function addFiles(files: File[]) {
    if (files.length === 0 || pending > 0) return;
    setProblem(null);
    if (imageCount + files.length > MAX_PRODUCT_IMAGES) {
      toast.error(productFormMessages.tooManyImages);
      setProblem(productFormMessages.tooManyImages);
      return;
    }

    setPending(files.length);
    const failures: string[] = [];
    for (const file of files) {
      try {
        const refusal = fileRefusal(file);
        if (refusal) throw new ServerMessageError(refusal);
        const url = await uploadProductImage(file, refreshSession);
        updateImages((images) => (images.length < MAX_PRODUCT_IMAGES ? [...images, url] : images));
      } catch (error) {
        const message = error instanceof ServerMessageError && error.message ? error.message : UPLOAD_FAILED;
        toast.error(message);
        failures.push(`${file.name} was not uploaded: ${message}`);
      } finally {
        setPending((count) => count - 1);
      }
    }
    if (failures.length === 0) toast.success(UPLOADED);
    else setProblem(failures.join(' '));
  }

  return { pending, problem, addFiles };
}
