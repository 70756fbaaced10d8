import { toast } from 'react-toastify/unstyled';
import { RESEND_VERIFICATION } from '../../../lib/account-documents';
import { payloadMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import type { SessionUser } from '../../../lib/session-user';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';

const RESEND_FAILED = 'Could not send the verification link. Please try again.';

/**
 * Whether the account's email is proven (decision 0042): the day it was verified, or a notice
 * with "Resend verification email" until the owner opens the mailed link.
 */
export function VerifyEmailNotice({ user }: { user: SessionUser }) {
  const { mutate, loading } = useSessionMutation(RESEND_VERIFICATION);

  if (user.emailVerifiedAt) {
    return (
      <p className="muted">
        Email verified on <time dateTime={user.emailVerifiedAt}>{formatDate(user.emailVerifiedAt)}</time>
      </p>
    );
  }

  async function resend() {
    try {
      const data = await mutate({});
      toast.success(payloadMessage(data.resendVerificationEmail, 'We sent you a new verification link.'));
    } catch (error) {
      toastFailure(error, RESEND_FAILED);
    }
  }

  return (
    <div className="form__notice" role="status">
      <p>
        <strong>Verify your email.</strong> We sent a link to {user.email}; open it to prove the address is yours.
      </p>
      <button type="button" className="btn btn--outline" onClick={() => void resend()} disabled={loading}>
        {loading ? 'Sending...' : 'Resend verification email'}
      </button>
    </div>
  );
}
