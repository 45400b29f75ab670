/**
 * Uploaded images are stored as WebP at a few widths next to each other:
 * `<name>.webp` (largest, what the API sends) and `<name>-<w>.webp` for each smaller width.
 */
export const IMAGE_WIDTHS = [320, 640] as const;
export const IMAGE_MAX_WIDTH = 1200;

/** `srcset` for an image URL the API sent; a URL not made by the server is used as it is. */
export function imageSrcSet(url: string): string | undefined {
  if (!url.endsWith('.webp')) return undefined;
  const stem = url.slice(0, -'.webp'.length);
  return [...IMAGE_WIDTHS.map((w) => `${stem}-${w}.webp ${w}w`), `${url} ${IMAGE_MAX_WIDTH}w`].join(', ');
}

/** A data URL as the browser's FileReader makes it: `data:image/png;base64,...`. */
export const IMAGE_DATA_URL_PATTERN = '^data:[a-zA-Z0-9.+/-]+;base64,[A-Za-z0-9+/=\\s]+$';
