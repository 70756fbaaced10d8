import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/text-field';
import { getErrorMessage, payloadMessage } from '../../../lib/api-errors';
import { RESET_PASSWORD_WITH_OTP_MUTATION, SEND_OTP_MUTATION } from '../api/auth-documents';
import { usePublicMutation } from '../hooks/use-public-mutation';

// Toasts on this page keep the default 5 s.
const SEND_OTP_ERROR = 'Failed to send OTP.';
const RESET_ERROR = 'Email sent Failed';

function useSendOtp() {
  return usePublicMutation(SEND_OTP_MUTATION);
}

function RequestCodeStep({ onSent }: { onSent(email: string): void }) {
  const [email, setEmail] = useState('');
  const { mutate: sendOtp, loading } = useSendOtp();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    try {
      const data = await sendOtp({ email: address });
      if (!data.sendOtp.success) {
        toast.error(payloadMessage(data.sendOtp, SEND_OTP_ERROR));
        return;
      }
      toast.success(payloadMessage(data.sendOtp, 'We have sent a 6-digit code to your email.'));
      onSent(address);
    } catch (error) {
      toast.error(getErrorMessage(error, SEND_OTP_ERROR));
    }
  }

  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onValueChange={setEmail}
        hint="We will email you a 6-digit code, valid for 10 minutes."
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
        {loading ? 'Sending...' : 'Send OTP'}
      </button>
    </form>
  );
}

function ResetStep({ email, onChangeEmail }: { email: string; onChangeEmail(): void }) {
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { mutate: resetPassword, loading } = usePublicMutation(RESET_PASSWORD_WITH_OTP_MUTATION);
  const { mutate: sendOtp, loading: resending } = useSendOtp();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      toast.error('New password and confirm password do not match.');
      return;
    }
    try {
      const data = await resetPassword({ email, otp: otp.trim(), password, confirmPassword });
      if (!data.resetPasswordWithOtp.success) {
        toast.error(payloadMessage(data.resetPasswordWithOtp, RESET_ERROR));
        return;
      }
      toast.success(payloadMessage(data.resetPasswordWithOtp, 'Password reset successfully. Please login.'));
      navigate('/login');
    } catch (error) {
      toast.error(getErrorMessage(error, RESET_ERROR));
    }
  }

  async function resend() {
    try {
      const data = await sendOtp({ email });
      if (data.sendOtp.success) toast.success('A new code is on its way to your email.');
      else toast.error(payloadMessage(data.sendOtp, SEND_OTP_ERROR));
    } catch (error) {
      toast.error(getErrorMessage(error, SEND_OTP_ERROR));
    }
  }

  return (
    <form className="form" onSubmit={submit}>
      <p className="form__notice" role="status">
        Enter the 6-digit code we sent to <strong>{email}</strong>.
      </p>
      <TextField
        label="OTP"
        name="otp"
        // The step replaced the form the visitor was in; continue where they type next.
        autoFocus
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={otp}
        onValueChange={(value) => setOtp(value.replace(/\D/g, ''))}
        hint="6 digits"
      />
      <TextField
        label="New Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onValueChange={setConfirmPassword}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
        {loading ? 'Resetting...' : 'Reset Password'}
      </button>
      <div className="form__row-links">
        <button type="button" className="link-button" onClick={resend} disabled={resending}>
          {resending ? 'Sending a new code...' : 'Send a new code'}
        </button>
        <button type="button" className="link-button" onClick={onChangeEmail}>
          Use a different email
        </button>
      </div>
    </form>
  );
}

/** Forgot Password: request a code by email, then set a new password with it. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState<string | null>(null);
  return email === null ? (
    <RequestCodeStep onSent={setEmail} />
  ) : (
    <ResetStep email={email} onChangeEmail={() => setEmail(null)} />
  );
}
