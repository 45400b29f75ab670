export { usePageMeta } from '../components/page-kit';
