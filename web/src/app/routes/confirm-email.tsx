import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CONFIRM_EMAIL_CHANGE_MUTATION } from '../../features/auth/api/auth-documents';
import { AuthCard } from '../../features/auth/components/auth-card';
import { usePublicMutation } from '../../features/auth/hooks/use-public-mutation';
import { getErrorMessage, payloadMessage } from '../../lib/api-errors';

const CONFIRM_ERROR = 'Email confirmation link is invalid or has expired';

/** /confirm-email/{token}: the link mailed to the new address of an email change, confirmed on opening. */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const { mutate: confirm } = usePublicMutation(CONFIRM_EMAIL_CHANGE_MUTATION);
  const sent = useRef(false);

  useEffect(() => {
    // Once, even under React's double effects in development: the link works only once.
    if (sent.current) return;
    sent.current = true;
    confirm({ token })
      .then((data) => setOutcome({ ok: data.confirmEmailChange.success, message: payloadMessage(data.confirmEmailChange, CONFIRM_ERROR) }))
      .catch((error: unknown) => setOutcome({ ok: false, message: getErrorMessage(error, CONFIRM_ERROR) }));
  }, [confirm, token]);

  return (
    <AuthCard
      title="Confirm your new email"
      subtitle={outcome ? (outcome.ok ? 'Your account now uses this address.' : 'The link did not work.') : 'Confirming…'}
      footer={
        <p>
          <Link to="/profile">Go to your profile</Link>
        </p>
      }
    >
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </p>
      )}
    </AuthCard>
  );
}
