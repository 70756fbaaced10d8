import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/text-field';
import { payloadMessage } from '../../../lib/api-errors';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { UPDATE_PASSWORD_MUTATION } from '../api/profile-documents';

const PASSWORD_ERROR = 'Password update failed';
const toastOptions = { autoClose: TOAST_MS.short };

export function ChangePasswordForm() {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { mutate: updatePassword, loading } = useSessionMutation(UPDATE_PASSWORD_MUTATION);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword !== confirmPassword) {
      toast.error('New password and confirm password do not match.', toastOptions);
      return;
    }
    try {
      const data = await updatePassword({ oldPassword, newPassword, confirmPassword });
      if (!data.updatePassword.success) {
        toast.error(payloadMessage(data.updatePassword, PASSWORD_ERROR), toastOptions);
        return;
      }
      setOldPassword('');
      setNewPassword('');
      setConfirmPassword('');
      toast.success(payloadMessage(data.updatePassword, 'Password updated successfully!'), toastOptions);
    } catch (error) {
      toastFailure(error, PASSWORD_ERROR, toastOptions);
    }
  }

  return (
    <section className="card">
      <h2 className="card__title">
        Password
      </h2>
      <form className="form" onSubmit={submit}>
        <TextField
          label="Old Password"
          type="password"
          name="old-password"
          autoComplete="current-password"
          required
          value={oldPassword}
          onValueChange={setOldPassword}
        />
        <TextField
          label="New Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          value={newPassword}
          onValueChange={setNewPassword}
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
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Updating...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
