/**
 * Prev / page / Next for lists served a page at a time. Next shows only when the page came back full
 * (exactly `pageSize` items); Prev only above page 1.
 */
export interface PagerProps {
  page: number;
  /** How many items the current page returned. */
  itemCount: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the list for screen readers, e.g. "Products pages". */
  label?: string;
}

export function pagerState(page: number, itemCount: number, pageSize: number) {
  return { hasPrev: page > 1, hasNext: itemCount === pageSize };
}

export function Pager({ page, itemCount, pageSize, onPageChange, label = 'Pages' }: PagerProps) {
  const { hasPrev, hasNext } = pagerState(page, itemCount, pageSize);
  return (
    <nav className="pager" aria-label={label}>
      {hasPrev ? (
        <button type="button" className="btn btn-outline pager__prev" onClick={() => onPageChange(page - 1)}>
          Prev
        </button>
      ) : (
        <span className="pager__spacer" />
      )}
      <span className="pager__page" aria-current="page" aria-label={`Page ${page}`}>
        {page}
      </span>
      {hasNext ? (
        <button type="button" className="btn btn-outline pager__next" onClick={() => onPageChange(page + 1)}>
          Next
        </button>
      ) : (
        <span className="pager__spacer" />
      )}
    </nav>
  );
}
