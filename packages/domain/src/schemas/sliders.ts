import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, ImageDataUrlSchema, ImageUrlSchema } from './common.js';

export const SliderSchema = Type.Object(
  { _id: IdSchema, name: Type.String(), url: Type.String(), image: ImageUrlSchema },
  { $id: 'Slider' },
);
export type Slider = Static<typeof SliderSchema>;

export const SlidersResponseSchema = Type.Object({ sliders: Type.Array(SliderSchema) });
export type SlidersResponse = Static<typeof SlidersResponseSchema>;

/** POST /slider. `url` is where the slide links: a path in the shop or an http(s) address. */
export const CreateSliderBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  url: Type.String({ minLength: 1, maxLength: 500, pattern: '^(/|https?://)' }),
  image: ImageDataUrlSchema,
});
export type CreateSliderBody = Static<typeof CreateSliderBodySchema>;

export const SliderResponseSchema = Type.Object({ slider: SliderSchema });
export type SliderResponse = Static<typeof SliderResponseSchema>;
