import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadingGrid } from '../../../components/loading-grid';
import { PageHeader } from '../../../components/page-header';
import { ProductGrid } from '../../../components/product-grid';
import { SearchIcon } from '../../../components/icons';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useSearchProductsQuery } from '../api/search-api';
import './search-page.css';

/** /search/{query?}: a search box; the query lives in the URL. */
export default function SearchPage() {
  const { query = '' } = useParams();
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const trimmed = query.trim();
  const { data = [], isFetching, isError } = useSearchProductsQuery(trimmed, { skip: trimmed === '' });
  usePageMeta(trimmed ? `Search: ${trimmed}` : 'Search', 'Search the farm shop for ghee, milk products and hair oil.');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `/search/${encodeURIComponent(q)}` : '/search');
  };

  return (
    <div className="container page">
      <PageHeader title="Search" />
      <form role="search" className="search-box" onSubmit={submit}>
        <label htmlFor="search-input" className="visually-hidden">
          Search products
        </label>
        <input
          id="search-input"
          type="search"
          className="input"
          placeholder="Search ghee, oil, milk…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
          autoFocus={query === ''}
        />
        <button type="submit" className="btn btn-primary">
          <SearchIcon size={20} /> Search
        </button>
      </form>
      {trimmed === '' ? null : isFetching ? (
        <LoadingGrid label="Searching" />
      ) : data.length === 0 ? (
        <p className="empty-state">{isError ? 'Search failed.' : 'No products'}</p>
      ) : (
        <>
          <p className="search-count" aria-live="polite">
            {data.length} {data.length === 1 ? 'product' : 'products'} for “{trimmed}”
          </p>
          <ProductGrid products={data} label="Search results" />
        </>
      )}
    </div>
  );
}
