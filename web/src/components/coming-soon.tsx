import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRightIcon, SparkIcon } from './icons';
import { PageTitle } from './page-title';

interface ComingSoonProps {
  /** The page's title, shown as its heading. */
  title: string;
  /** One line on what the page will offer. */
  description?: string;
  /** Extra content, e.g. what was asked for (a search term, a category). */
  children?: ReactNode;
}

/** The page of a screen that arrives in a later release: its title, what it will do, a way on. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <PageTitle title={title} />
      <div className="coming-soon__art" aria-hidden="true">
        <svg viewBox="0 0 160 120" width="160" height="120">
          <rect x="18" y="30" width="124" height="78" rx="12" fill="#dbeafe" />
          <rect x="30" y="44" width="46" height="50" rx="8" fill="#fff" />
          <rect x="84" y="44" width="46" height="22" rx="6" fill="#fff" />
          <rect x="84" y="72" width="30" height="8" rx="4" fill="#93c5fd" />
          <rect x="84" y="86" width="40" height="8" rx="4" fill="#bfdbfe" />
          <path d="M53 58v12l8 5" stroke="#1d4ed8" strokeWidth="4" strokeLinecap="round" fill="none" />
          <circle cx="53" cy="69" r="17" stroke="#1d4ed8" strokeWidth="4" fill="none" />
          <circle cx="132" cy="26" r="12" fill="#f59e0b" />
          <path d="M128 26h8M132 22v8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </div>
      <p className="coming-soon__eyebrow">
        <SparkIcon size={16} /> Coming soon
      </p>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h1>
      <p className="coming-soon__text">
        {description ?? 'We are putting the finishing touches on this page. It will be ready very soon.'}
      </p>
      {children}
      <div className="coming-soon__actions">
        <Link to="/" className="btn btn--primary">
          Continue Shopping <ArrowRightIcon size={18} />
        </Link>
        <Link to="/help" className="btn btn--ghost">
          Get help
        </Link>
      </div>
    </section>
  );
}
