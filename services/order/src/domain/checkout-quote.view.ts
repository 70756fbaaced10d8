import { paiseToRupees, type OrderPrice } from '@shop/proto-contracts';

/** A checkout quote as REST and GraphQL show it: money in rupees. */
export function toCheckoutQuoteView(quote: OrderPrice & { firstOrder: boolean }, couponCode: string | null = null) {
  return {
    itemPrice: paiseToRupees(quote.itemsPaise),
    discountPrice: paiseToRupees(quote.discountPaise),
    couponCode,
    couponDiscount: paiseToRupees(quote.couponDiscountPaise),
    taxPrice: paiseToRupees(quote.taxPaise),
    shippingPrice: paiseToRupees(quote.shippingPaise),
    roundOff: paiseToRupees(quote.roundOffPaise),
    totalPrice: paiseToRupees(quote.totalPaise),
    firstOrder: quote.firstOrder,
  };
}
