import { AlertIcon } from './icons';

interface LoadErrorProps {
  /** Listings say 'Some error occurred'. */
  message?: string;
  detail?: string;
  onRetry(): void;
}

/** Inline notice that data could not be loaded, with a way to try again. */
export function LoadError({ message = 'Some error occurred', detail, onRetry }: LoadErrorProps) {
  return (
    <div className="load-error" role="alert">
      <span className="load-error__icon" aria-hidden="true">
        <AlertIcon size={28} />
      </span>
      <p className="load-error__title">{message}</p>
      {detail ? <p className="load-error__detail">{detail}</p> : null}
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
