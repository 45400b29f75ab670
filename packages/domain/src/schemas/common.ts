import { Type, type Static } from '@sinclair/typebox';
import { IMAGE_DATA_URL_PATTERN } from '../images.js';
import { MAX_IMAGE_BYTES } from '../constants.js';

/** Every non-2xx answer of the API. */
export const ErrorResponseSchema = Type.Object({ message: Type.String() }, { $id: 'ErrorResponse' });
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

export const MessageResponseSchema = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponseSchema>;

/** Ids are UUID strings, sent as `_id`. */
export const IdSchema = Type.String({ format: 'uuid', description: 'an id' });
export const IdParamsSchema = Type.Object({ id: IdSchema });
export type IdParams = Static<typeof IdParamsSchema>;

export const SlugSchema = Type.String({ minLength: 1, maxLength: 200 });
export const SlugParamsSchema = Type.Object({ slug: SlugSchema });
export type SlugParams = Static<typeof SlugParamsSchema>;

export const PageSchema = Type.Integer({ minimum: 1, maximum: 100000 });

export const EmailSchema = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const DateTimeSchema = Type.String({ format: 'date-time' });

/** An image read in the browser with FileReader.readAsDataURL, sent inside the JSON body. */
export const ImageDataUrlSchema = Type.String({
  pattern: IMAGE_DATA_URL_PATTERN,
  // base64 grows data by 4/3; allow a little for the header.
  maxLength: Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100,
  description: 'an image as a data URL',
});

/** Image URL as the API sends it (server-stored, under /uploads or the S3 public URL). */
export const ImageUrlSchema = Type.String({ maxLength: 2000 });
