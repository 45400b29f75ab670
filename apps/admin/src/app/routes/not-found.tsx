import { Link } from 'react-router';
import './not-found.css';

/** Any path the panel does not know (SPEC 2). */
export function NotFound() {
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Not found</h1>
      <p className="muted">There is no admin page at this address.</p>
      <Link to="/admin" className="btn btn-outline">
        Back to the dashboard
      </Link>
    </div>
  );
}
