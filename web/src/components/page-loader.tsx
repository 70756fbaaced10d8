import { Spinner } from './spinner';

/** Full-width loading notice for a page area (route chunks loading, login status being checked). */
export function PageLoader({ message = 'Loading…' }: { message?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="page-loader__text">{message}</p>
    </div>
  );
}
