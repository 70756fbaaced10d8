import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** The page numbers to show: the first, the last, and two either side of the current one. */
function pageItems(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((page) => pages.add(page));
  if (current >= total - 2) [total - 3, total - 2, total - 1].forEach((page) => pages.add(page));
  const sorted = [...pages].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) items.push('gap');
    items.push(page);
  });
  return items;
}

interface PaginationProps {
  current: number;
  total: number;
  onChange(page: number): void;
  label?: string;
}

/** Previous, page numbers (the current one marked with aria-current) and Next. */
export function Pagination({ current, total, onChange, label = 'Pagination' }: PaginationProps) {
  if (total <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(current - 1)}
        disabled={current <= 1}
      >
        <ChevronLeftIcon size={18} />
        <span className="pagination__step-text">Previous</span>
      </button>
      <ul className="pagination__pages">
        {pageItems(current, total).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__page"
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => item !== current && onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(current + 1)}
        disabled={current >= total}
      >
        <span className="pagination__step-text">Next</span>
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
