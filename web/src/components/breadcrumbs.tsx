import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';

export interface Crumb {
  label: ReactNode;
  /** Where the crumb leads; the last crumb (the page itself) has none. */
  to?: string;
}

/** The trail above a page's heading: links to the pages above it, then the page itself. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((crumb, i) =>
          crumb.to ? (
            <li key={i}>
              <Link to={crumb.to}>{crumb.label}</Link>
            </li>
          ) : (
            <li key={i} aria-current="page">
              {crumb.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
