import { orderMessages } from '@shop/proto-contracts/web';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { payloadMessage } from '../../../lib/api-errors';
import { useCart } from '../../../lib/cart-store';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { checkoutText } from '../api/checkout-messages';
import { PLACE_ORDER, type OrderItemInput } from '../api/checkout-documents';
import { storeShippingInfo, toShippingInput, type ShippingInfo } from '../api/shipping-info';

/** crypto.randomUUID exists only in secure contexts; the fallback is the same v4 UUID. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Places the cash-on-delivery order. One idempotency key per checkout attempt: a double click, or
 * a retry after an answer that never arrived, gets the order already placed instead of a second
 * one. The key is renewed only after a success.
 */
export function usePlaceOrder(): { placing: boolean; placeOrder(shipping: ShippingInfo, items: OrderItemInput[], couponCode?: string | null): Promise<void> } {
  const { mutate } = useSessionMutation(PLACE_ORDER);
  const { settleOrderedLines } = useCart();
  const navigate = useNavigate();
  const keyRef = useRef<string | null>(null);
  const busyRef = useRef(false);
  const [placing, setPlacing] = useState(false);

  const placeOrder = useCallback(
    async (shipping: ShippingInfo, items: OrderItemInput[], couponCode: string | null = null) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setPlacing(true);
      keyRef.current ??= newIdempotencyKey();
      storeShippingInfo(shipping);
      try {
        const { placeOrder: payload } = await mutate({
          input: { shippingInfo: toShippingInput(shipping), items, couponCode },
          idempotencyKey: keyRef.current,
        });
        const order = payload.order;
        if (!payload.success || !order) {
          toast.error(payloadMessage(payload, checkoutText.placeOrderFailed));
          return;
        }
        keyRef.current = null;
        toast.success(orderMessages.orderPlaced);
        // The server empties the ordered lines when it handles OrderPlaced, a moment after the
        // order is written: they leave the cart here at once and the store waits for the server.
        settleOrderedLines(items);
        // The id is in the address too, so a reload of the success page still shows the order.
        navigate(`/order/success?order=${encodeURIComponent(order.id)}`, { replace: true, state: { orderId: order.id } });
      } catch (error) {
        toastFailure(error, checkoutText.placeOrderFailed);
      } finally {
        busyRef.current = false;
        setPlacing(false);
      }
    },
    [mutate, settleOrderedLines, navigate],
  );

  return { placing, placeOrder };
}
