import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/text-field';
import { payloadMessage } from '../../../lib/api-errors';
import type { SessionUser } from '../../../lib/session-user';
import { useSession } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import { uploadImage } from '../../../lib/upload';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { UPDATE_PROFILE_MUTATION } from '../api/profile-documents';

const UPDATE_ERROR = 'failed to update the profile';
const toastOptions = { autoClose: TOAST_MS.short };
const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/gif,image/webp';

export function UpdateProfileForm({ user }: { user: SessionUser }) {
  const { updateUser, refreshSession } = useSession();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // A new email is confirmed from its inbox; until then the account keeps the current one.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const emailChanges = email.trim().toLowerCase() !== user.email.toLowerCase();
  const [uploading, setUploading] = useState(false);
  const { mutate: updateProfile, loading } = useSessionMutation(UPDATE_PROFILE_MUTATION);
  const fileInputId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const busy = uploading || loading;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      let avatar: string | undefined;
      if (file) {
        setUploading(true);
        try {
          avatar = await uploadImage(file, refreshSession);
        } finally {
          setUploading(false);
        }
      }
      const variables = {
        name: name.trim(),
        email: email.trim(),
        ...(avatar ? { avatar } : {}),
        ...(emailChanges ? { currentPassword } : {}),
      };
      const data = await updateProfile(variables);
      const updated = data.updateProfile.user;
      if (!data.updateProfile.success || !updated) {
        toast.error(payloadMessage(data.updateProfile, UPDATE_ERROR), toastOptions);
        return;
      }
      updateUser(updated);
      setFile(null);
      setCurrentPassword('');
      if (fileInputRef.current) fileInputRef.current.value = '';
      if (emailChanges) {
        setPendingEmail(email.trim());
        setEmail(updated.email);
        toast.success(payloadMessage(data.updateProfile, 'Check your new inbox to confirm your new email.'), { autoClose: TOAST_MS.long });
      } else {
        toast.success('Profile updated successfully!', toastOptions);
      }
    } catch (error) {
      toastFailure(error, UPDATE_ERROR, toastOptions);
    }
  }

  return (
    <section className="card">
      <h2 className="card__title">
        Edit profile
      </h2>
      <form className="form" onSubmit={submit}>
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
        {emailChanges && (
          <TextField
            label="Current password (needed to change your email)"
            type="password"
            name="current-password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onValueChange={setCurrentPassword}
          />
        )}
        {pendingEmail && !emailChanges && (
          <p className="field__hint" role="status">
            Check your new inbox: open the link we sent to {pendingEmail} to make it your email.
          </p>
        )}
        <div className="field">
          <div className="field__label-row">
            <label htmlFor={fileInputId} className="field__label">
              Profile picture
            </label>
            <span className="field__optional">Optional</span>
          </div>
          <input
            id={fileInputId}
            ref={fileInputRef}
            className="field__file"
            type="file"
            name="avatar"
            accept={ACCEPTED_IMAGES}
            disabled={busy}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-describedby={`${fileInputId}-hint`}
          />
          <p id={`${fileInputId}-hint`} className="field__hint">
            PNG, JPEG, GIF or WebP, up to 10MB.
          </p>
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {uploading ? 'Uploading...' : loading ? 'Updating...' : 'Update Profile'}
        </button>
      </form>
    </section>
  );
}
