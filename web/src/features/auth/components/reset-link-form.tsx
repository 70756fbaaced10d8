import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/text-field';
import { getErrorMessage, payloadMessage } from '../../../lib/api-errors';
import { RESET_PASSWORD_WITH_TOKEN_MUTATION } from '../api/auth-documents';
import { usePublicMutation } from '../hooks/use-public-mutation';

const RESET_ERROR = 'Email sent Failed';

/** Sets a new password with the token of an emailed reset link. */
export function ResetLinkForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { mutate: resetPassword, loading } = usePublicMutation(RESET_PASSWORD_WITH_TOKEN_MUTATION);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      toast.error('New password and confirm password do not match.');
      return;
    }
    try {
      const data = await resetPassword({ token, password, confirmPassword });
      if (!data.resetPassword.success) {
        toast.error(payloadMessage(data.resetPassword, RESET_ERROR));
        return;
      }
      toast.success(payloadMessage(data.resetPassword, 'Password reset successfully. Please login.'));
      navigate('/login');
    } catch (error) {
      toast.error(getErrorMessage(error, RESET_ERROR));
    }
  }

  return (
    <form className="form" onSubmit={submit}>
      <TextField label="New Password" type="password" name="new-password" autoComplete="new-password" required value={password} onValueChange={setPassword} />
      <TextField label="Confirm Password" type="password" name="confirm-password" autoComplete="new-password" required value={confirmPassword} onValueChange={setConfirmPassword} />
      <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
        {loading ? 'Resetting...' : 'Reset Password'}
      </button>
    </form>
  );
}
