import { Link } from 'react-router';
import { usePageMeta } from '../../../hooks/use-page-meta';

export default function NotFoundPage() {
  usePageMeta('Not found', 'This page does not exist.');
  return (
    <div className="container page empty-state">
      <h1>Not found</h1>
      <p>The page you were looking for is not on our farm.</p>
      <Link to="/" className="btn btn-primary">
        Go home
      </Link>
    </div>
  );
}
