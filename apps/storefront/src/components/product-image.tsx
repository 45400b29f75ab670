export { PLACEHOLDER_IMAGE, ProductImage, type ProductImageProps } from './page-kit';
