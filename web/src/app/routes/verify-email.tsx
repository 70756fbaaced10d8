import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { VERIFY_EMAIL_MUTATION } from '../../features/auth/api/auth-documents';
import { AuthCard } from '../../features/auth/components/auth-card';
import { usePublicMutation } from '../../features/auth/hooks/use-public-mutation';
import { getErrorMessage, payloadMessage } from '../../lib/api-errors';
import { graphqlRequest } from '../../lib/graphql-request';
import { useSession } from '../../lib/session';
import { ME_QUERY } from '../../lib/session-documents';

const VERIFY_ERROR = 'Verification link is invalid or has expired';

/** /verify-email/{token}: the link mailed to an account's address, which proves it is the owner's (decision 0042). */
export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const { user, updateUser } = useSession();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const { mutate: verify } = usePublicMutation(VERIFY_EMAIL_MUTATION);
  const sent = useRef(false);
  const signedIn = Boolean(user);

  useEffect(() => {
    // Once, even under React's double effects in development: the link works only once.
    if (sent.current) return;
    sent.current = true;
    verify({ token })
      .then(async (data) => {
        setOutcome({ ok: data.verifyEmail.success, message: payloadMessage(data.verifyEmail, VERIFY_ERROR) });
        // Signed in here: the profile shows the verified address without a reload.
        if (data.verifyEmail.success && signedIn) {
          const me = await graphqlRequest(ME_QUERY).catch(() => null);
          if (me?.me) updateUser(me.me);
        }
      })
      .catch((error: unknown) => setOutcome({ ok: false, message: getErrorMessage(error, VERIFY_ERROR) }));
  }, [verify, token, signedIn, updateUser]);

  return (
    <AuthCard
      title="Verify your email"
      subtitle={outcome ? (outcome.ok ? 'Your email address is verified.' : 'The link did not work.') : 'Verifying…'}
      footer={
        <p>
          <Link to="/profile">Go to your profile</Link>
        </p>
      }
    >
      {outcome && <p role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</p>}
    </AuthCard>
  );
}
