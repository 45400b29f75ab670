/**
 * What most pages draw with: their title and description, product images and prices. One small chunk: apart, each
 * was a file under 512 bytes, which the server sends uncompressed (scripts/precompress.mjs), and a request of its
 * own. hooks/use-page-meta.ts, components/product-image.tsx and components/price.tsx re-export them.
 */
import { useEffect } from 'react';
import { imageSrcSet } from '@shop/domain/images';
import { PriceTag } from '@shop/ui/price-tag';
import { config } from '../config';
import { useAppSelector } from '../store/hooks';
import { selectCurrency } from '../store/currency-slice';
import './price.css';

const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

interface ProductImageProps {
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

/** A base-currency (INR) price shown in the shopper's currency. */
export function Price({ value, className }: { value: number; className?: string }) {
  const { code, rate } = useAppSelector(selectCurrency);
  return <PriceTag value={value} currency={code} rate={rate} className={className ?? 'price'} />;
}

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Each page names itself in the tab and in search results: `<title>` and the meta description. */
export function usePageMeta(title: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title === config.brand ? title : `${title} | ${config.brand}`;
    if (description) setMeta('description', description);
  }, [title, description]);
}
