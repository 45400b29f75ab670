export { Price } from './page-kit';
