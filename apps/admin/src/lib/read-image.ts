/** Images are read in the browser as data URLs and sent inside the JSON body (SPEC 5). */
import { MAX_IMAGE_BYTES } from '@shop/domain/constants';
import { IMAGE_TYPES, readImage, type ReadImageResult } from '@shop/ui/read-image';

/** The types the server accepts (it checks the bytes too); SVG is not one of them. */
export const ACCEPTED_IMAGE_TYPES = IMAGE_TYPES;

const ERRORS = {
  type: 'That file is not an image. Choose a JPEG, PNG, WebP or GIF picture.',
  size: `That image is larger than ${Math.round(MAX_IMAGE_BYTES / (1024 * 1024))} MB. Choose a smaller one.`,
  read: 'The image could not be read. Try another file.',
};

/** Checks type and size first, so a wrong file never reaches the server. */
export function readImageFile(file: File): Promise<ReadImageResult> {
  return readImage(file, ERRORS);
}
