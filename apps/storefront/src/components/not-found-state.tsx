import { Link } from 'react-router';

interface NotFoundStateProps {
  /** The page's heading: 'No product found', 'Category not found'. */
  title: string;
  /** Where the shopper goes on from here, and the link's text. */
  to: string;
  linkText: string;
}

/** What a page about one thing draws when that thing does not exist (the API answered 404). */
export function NotFoundState({ title, to, linkText }: NotFoundStateProps) {
  return (
    <div className="container page empty-state">
      <h1>{title}</h1>
      <Link to={to} className="btn btn-primary">
        {linkText}
      </Link>
    </div>
  );
}
