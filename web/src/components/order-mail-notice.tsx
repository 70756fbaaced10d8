import { Link } from 'react-router-dom';
import { useSession } from '../lib/session';

/**
 * Order mails go only to a verified address (decision 0042, amendment): while the signed-in
 * shopper's email is unverified, a short line says so and leads to the profile, where the link can
 * be sent again. Nothing once verified, nor to someone viewing another account's order.
 */
export function OrderMailNotice({ buyerId }: { buyerId?: string }) {
  const { user } = useSession();
  if (!user || user.emailVerifiedAt) return null;
  if (buyerId && buyerId !== user.id) return null;
  return (
    <p className="order-mail-notice muted">
      <Link to="/profile">Verify your email to get order updates by mail</Link>
    </p>
  );
}
