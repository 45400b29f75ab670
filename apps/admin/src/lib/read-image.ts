/** Images are read in the browser as data URLs and sent inside the JSON body (SPEC 5). */
import { MAX_IMAGE_BYTES } from '@shop/domain/constants';

/** The types the server accepts (it checks the bytes too); SVG is not one of them. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const IMAGE_TYPE_ERROR = 'That file is not an image. Choose a JPEG, PNG, WebP or GIF picture.';
const IMAGE_SIZE_ERROR = `That image is larger than ${Math.round(MAX_IMAGE_BYTES / (1024 * 1024))} MB. Choose a smaller one.`;

export type ReadImageResult = { ok: true; dataUrl: string } | { ok: false; error: string };

/** Checks type and size first, so a wrong file never reaches the server. */
function checkImageFile(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_ERROR;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_SIZE_ERROR;
  return null;
}

export function readImageFile(file: File): Promise<ReadImageResult> {
  const problem = checkImageFile(file);
  if (problem) return Promise.resolve({ ok: false, error: problem });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ ok: true, dataUrl: String(reader.result) });
    reader.onerror = () => resolve({ ok: false, error: 'The image could not be read. Try another file.' });
    reader.readAsDataURL(file);
  });
}
