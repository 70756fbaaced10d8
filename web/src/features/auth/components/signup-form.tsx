import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { getErrorMessage, payloadMessage } from '../../../lib/api-errors';
import { returnPathFrom } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast-durations';
import { REGISTER_MUTATION } from '../api/auth-documents';
import { usePublicMutation } from '../hooks/use-public-mutation';
import { ProviderSignIn } from './provider-sign-in';

const REGISTER_ERROR = 'Registration failed. Try again';

export function SignupForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const { mutate: register, loading } = usePublicMutation(REGISTER_MUTATION,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { name: name.trim(), email: email.trim(), phone: phone.trim(), password };
    if (!input.name || !input.email || !input.phone || !input.password) {
      toast.error('Please fill all the field properly', { autoClose: TOAST_MS.short });
      return;
    }
    try {
      const data = await register({ input });
      const user = data.register.user;
      if (!data.register.success || !user) {
        toast.error(payloadMessage(data.register, REGISTER_ERROR), { autoClose: TOAST_MS.short });
        return;
      }
      // Signed up is signed in (the server set the session as at login): on to where the shopper
      // was going, or the home page, instead of typing the same email and password again.
      signIn(user);
      toast.success('Registration successful', { autoClose: TOAST_MS.short });
      navigate(returnPathFrom(location.state), { replace: true });
    } catch (error) {
      toast.error(getErrorMessage(error, REGISTER_ERROR), { autoClose: TOAST_MS.short });
    }
  }

  return (
    <>
      {/* noValidate: empty fields get the spec's toast rather than the browser's bubble. */}
      <form className="form" onSubmit={submit} noValidate>
        <TextField label="Name" name="name" autoComplete="name" required value={name} onValueChange={setName} />
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
          label="Phone"
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel"
          required
          value={phone}
          onValueChange={setPhone}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
          {loading ? <Spinner size="sm" /> : null}
          Sign Up
        </button>
      </form>
      <ProviderSignIn />
    </>
  );
}
