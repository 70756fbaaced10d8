interface AdminPagerProps {
  /** The navigation landmark's name ('Orders pages'). */
  label: string;
  page: number;
  totalPages: number;
  onChange(page: number): void;
}

/** Previous and Next; 'Page X of Y' only when there is more than one page. */
export function AdminPager({ label, page, totalPages, onChange }: AdminPagerProps) {
  return (
    <nav className="admin-ops-pager" aria-label={label}>
      <button type="button" className="btn btn--outline btn--sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      {totalPages > 1 ? (
        <span className="admin-ops-pager__text" aria-live="polite">
          Page {page} of {totalPages}
        </span>
      ) : null}
      <button
        type="button"
        className="btn btn--outline btn--sm"
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
      >
        Next
      </button>
    </nav>
  );
}

