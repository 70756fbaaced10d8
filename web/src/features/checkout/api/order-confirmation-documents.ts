import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
import { ORDER_ITEM_SELECTION } from '../../../lib/order-item-selection';

export const ORDER_CONFIRMATION = graphqlDocument('OrderConfirmation', `
  query OrderConfirmation($id: ID!) {
    order(id: $id) {
      id
      totalPrice
      estimatedDelivery
      paymentInfo {
        method
      }
      ${ORDER_ITEM_SELECTION}
      shippingInfo {
        address
        city
        state
        country
        pinCode
        phoneNo
      }
    }
  }
`);

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from the address bar or router state can be an order id (a UUID). */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID.test(value);
}

export type OrderConfirmationData = ResultOf<typeof ORDER_CONFIRMATION>;
/** What the success page shows of the order just placed: its figures, items and where it goes. */
export type OrderConfirmation = NonNullable<OrderConfirmationData['order']>;
