import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { getErrorCode, getErrorMessage } from '../../../lib/api-errors';
import { returnPathFrom } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast-durations';
import { LOGIN_MUTATION } from '../api/auth-documents';
import { usePublicMutation } from '../hooks/use-public-mutation';
import { ProviderSignIn, ProviderSignInError } from './provider-sign-in';

const LOGIN_ERROR = 'Something went wrong , please check your details again';

// Wrong credentials get the spec's fixed toast; other refusals (too many attempts, a blocked
// account) are worth showing in the server's own words.
const CREDENTIAL_ERROR_CODES = new Set(['UNAUTHENTICATED', 'BAD_USER_INPUT', 'NOT_FOUND']);

function loginErrorMessage(error: unknown): string {
  const code = getErrorCode(error);
  if (!code || CREDENTIAL_ERROR_CODES.has(code)) return LOGIN_ERROR;
  return getErrorMessage(error, LOGIN_ERROR);
}

export function LoginForm() {
  const { signIn, forgetStoredAuth } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { mutate: login, loading } = usePublicMutation(LOGIN_MUTATION,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const data = await login({ email: email.trim(), password });
      const user = data.login.user;
      if (!data.login.success || !user) {
        forgetStoredAuth();
        toast.error(data.login.message?.trim() || LOGIN_ERROR, { autoClose: TOAST_MS.short });
        return;
      }
      signIn(user);
      toast.success('Login successful', { autoClose: TOAST_MS.short });
      navigate(returnPathFrom(location.state), { replace: true });
    } catch (error) {
      forgetStoredAuth();
      toast.error(loginErrorMessage(error), { autoClose: TOAST_MS.short });
    }
  }

  return (
    <>
      <ProviderSignInError />
      <form className="form" onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <p className="form__aside">
          <Link to="/reset-password">Forgot password?</Link>
        </p>
        <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
          {loading ? <Spinner size="sm" /> : null}
          Login
        </button>
      </form>
      {/* Only when the shop is configured for Google sign-in (OpenID Connect). */}
      <ProviderSignIn returnTo={returnPathFrom(location.state)} />
    </>
  );
}
