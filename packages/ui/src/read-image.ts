/** Images are read in the browser as data URLs and sent inside the JSON body (the admin's uploads, the shop's problem photos). */
import { MAX_IMAGE_BYTES } from '@shop/domain/constants';

/** The types the server accepts (it checks the bytes too); SVG is not one of them. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export type ReadImageResult = { ok: true; dataUrl: string } | { ok: false; error: string };

/**
 * Checks the type and size first, so a wrong file never reaches the server, then reads the file; each app words the
 * errors its own way.
 */
export function readImage(file: File, errors: { type: string; size: string; read: string }): Promise<ReadImageResult> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return Promise.resolve({ ok: false, error: errors.type });
  if (file.size > MAX_IMAGE_BYTES) return Promise.resolve({ ok: false, error: errors.size });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ ok: true, dataUrl: String(reader.result) });
    reader.onerror = () => resolve({ ok: false, error: errors.read });
    reader.readAsDataURL(file);
  });
}
