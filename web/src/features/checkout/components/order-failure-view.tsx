import { Link } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { OrderResult } from './order-result';

/** The page a failed online payment lands on (spec: payment not authorized). */
export function OrderFailureView() {
  return (
    <div className="container order-result-page">
      <PageTitle title="Order Failed" />
      <OrderResult
        tone="failure"
        title="Something Went Wrong"
        actions={
          <>
            <Link to="/checkout" className="btn btn--primary">
              Try Again
            </Link>
            <Link to="/" className="btn btn--outline">
              Back to Homepage
            </Link>
          </>
        }
      >
        <p className="order-result__text">
          Your payment was not authorized. No money has been taken and no order was placed. Please try again, or choose cash
          on delivery at checkout.
        </p>
      </OrderResult>
    </div>
  );
}
