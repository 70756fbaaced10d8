/** What the success page shows of the order just placed. */
export interface OrderConfirmation {
  id: string;
  totalPrice: number;
  estimatedDelivery: string;
  paymentInfo: { method: string };
}

export interface OrderConfirmationData {
  order: OrderConfirmation | null;
}

export const ORDER_CONFIRMATION = `
  query OrderConfirmation($id: ID!) {
    order(id: $id) {
      id
      totalPrice
      estimatedDelivery
      paymentInfo {
        method
      }
    }
  }
`;

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from the address bar or router state can be an order id (a UUID). */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID.test(value);
}
