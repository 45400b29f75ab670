export { ProductImage } from './page-kit';
