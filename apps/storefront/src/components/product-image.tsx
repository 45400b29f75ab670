import { imageSrcSet } from '@shop/domain/images';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks a WebP width. */
  sizes?: string;
  className?: string;
  width?: number;
  height?: number;
  /** The first image of a page loads eagerly, at high priority. */
  eager?: boolean;
}

/** A lazily loaded server image with its WebP widths; a missing image falls back to the placeholder. */
export function ProductImage({ src, alt, sizes = '(max-width: 640px) 100vw, 320px', className, width = 600, height = 600, eager }: ProductImageProps) {
  const url = src || PLACEHOLDER_IMAGE;
  return (
    <img
      className={className}
      src={url}
      srcSet={src ? imageSrcSet(src) : undefined}
      sizes={src && imageSrcSet(src) ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      // The page's first image is usually its largest paint: fetched before the rest.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={(e) => {
        const img = e.currentTarget;
        if (img.src.endsWith(PLACEHOLDER_IMAGE)) return;
        img.srcset = '';
        img.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}
