import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { notifyMessages } from '@shop/proto-contracts/web';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { CANCEL_STOCK_NOTICE, STOCK_NOTICE_SUBSCRIBED, SUBSCRIBE_STOCK_NOTICE } from '../api/stock-notice-documents';

const FAILED = 'Could not save your choice. Please try again.';

/**
 * Notify me on an out-of-stock product (decision 0069): a logged-in shopper asks for one mail when
 * it is back (to their verified address; the server says so when it is not); a guest is asked to log in.
 */
export function NotifyMe({ productId }: { productId: string }) {
  const { status, user } = useSession();
  const location = useLocation();
  const seen = useSessionQuery(STOCK_NOTICE_SUBSCRIBED, { productId });
  const subscribe = useSessionMutation(SUBSCRIBE_STOCK_NOTICE);
  const cancel = useSessionMutation(CANCEL_STOCK_NOTICE);
  const [subscribed, setSubscribed] = useState<boolean | undefined>(undefined);
  const waiting = subscribed ?? seen.data?.stockNoticeSubscribed ?? false;

  if (status !== 'authenticated' || !user) {
    return (
      <div className="notify-me">
        <p className="notify-me__text">This product is out of stock. Log in and we will email you once when it is back.</p>
        <div className="notify-me__actions">
          <Link to="/login" state={{ from: location.pathname + location.search }} className="btn btn--primary">
            Log in to get notified
          </Link>
        </div>
      </div>
    );
  }

  const ask = async () => {
    try {
      const answer = await subscribe.mutate({ productId });
      setSubscribed(true);
      toast.success(answer.subscribeStockNotice.message);
    } catch (failure) {
      toastFailure(failure, FAILED);
    }
  };
  const stop = async () => {
    try {
      const answer = await cancel.mutate({ productId });
      setSubscribed(false);
      toast.success(answer.cancelStockNotice.message);
    } catch (failure) {
      toastFailure(failure, FAILED);
    }
  };

  return (
    <div className="notify-me">
      <p className="notify-me__text" role="status">
        {waiting ? `${notifyMessages.subscribed} (to ${user.email}).` : 'This product is out of stock. We can email you once when it is back.'}
      </p>
      <div className="notify-me__actions">
        {waiting ? (
          <button type="button" className="btn btn--outline" disabled={cancel.loading} onClick={() => void stop()}>
            Don’t notify me
          </button>
        ) : (
          <button type="button" className="btn btn--primary" disabled={subscribe.loading || seen.loading} onClick={() => void ask()}>
            Notify me
          </button>
        )}
      </div>
    </div>
  );
}
