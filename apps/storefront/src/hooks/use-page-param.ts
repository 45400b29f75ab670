import { useSearchParams } from 'react-router';

/** The list page lives in the URL (`?page=2`), so Back and shared links keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) => {
    setParams(next <= 1 ? {} : { page: String(next) });
    window.scrollTo(0, 0);
  };
  return [page, setPage];
}
