/**
 * Photos of a problem report are read in the browser as data URLs and sent inside the JSON body; the server checks
 * the bytes and resizes them like the admin's uploads. These checks only spare the customer a wasted upload.
 */
import { MAX_IMAGE_BYTES } from '@shop/domain/constants';
import { IMAGE_TYPES, readImage, type ReadImageResult } from '@shop/ui/read-image';

export const PHOTO_TYPES = IMAGE_TYPES;
const MAX_MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));

/** Why a file cannot be sent (or read), in plain words naming it. */
export function readPhoto(file: File): Promise<ReadImageResult> {
  return readImage(file, {
    type: `${file.name} is not a photo we can take. Choose a JPEG, PNG, WebP or GIF picture.`,
    size: `${file.name} is larger than ${MAX_MB} MB. Choose a smaller photo.`,
    read: `${file.name} could not be read. Try another photo.`,
  });
}
