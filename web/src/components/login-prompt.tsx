import { Link, useLocation } from 'react-router-dom';
import { LockIcon } from './icons';
import { PageTitle } from './page-title';

/** Shown on open pages whose data needs login (My Orders, Profile) when nobody is logged in. */
export function LoginPrompt({ title, message }: { title: string; message: string }) {
  const location = useLocation();
  return (
    <section className="login-prompt" aria-labelledby="login-prompt-title">
      <PageTitle title={title} />
      <span className="login-prompt__icon" aria-hidden="true">
        <LockIcon size={28} />
      </span>
      <h1 id="login-prompt-title">{title}</h1>
      <p>{message}</p>
      <div className="login-prompt__actions">
        <Link to="/login" state={{ from: location.pathname + location.search }} className="btn btn--primary">
          Log in to continue
        </Link>
        <Link to="/signup" className="btn btn--ghost">
          Create an account
        </Link>
      </div>
    </section>
  );
}
