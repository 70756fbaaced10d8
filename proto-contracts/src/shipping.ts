/**
 * Shipping an order and running it as staff (decision 0054): the couriers staff ship with, each
 * with the public tracking page its tracking number opens, the tracking-number and order-note
 * rules and their messages. Zod-free, so the web reads the same list and rules.
 */

export interface Courier {
  id: string;
  name: string;
  /** The courier's public tracking page; `{number}` is replaced by the tracking number. */
  trackingUrl: string;
}

/** The couriers staff may choose when shipping, in the order the form offers them. */
export const COURIERS: readonly Courier[] = [
  { id: 'delhivery', name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{number}' },
  { id: 'bluedart', name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/tracking?trackFor=0&trackNo={number}' },
  { id: 'dtdc', name: 'DTDC', trackingUrl: 'https://www.dtdc.in/trace.asp?strCnno={number}' },
  { id: 'ekart', name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{number}' },
  { id: 'xpressbees', name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={number}' },
  { id: 'india-post', name: 'India Post', trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={number}' },
  { id: 'shadowfax', name: 'Shadowfax', trackingUrl: 'https://tracker.shadowfax.in/#/track/{number}' },
];

export const courierOf = (id: string | null | undefined): Courier | undefined => COURIERS.find((c) => c.id === id);

/** The courier's tracking page for a tracking number (the number URL-encoded), or null without a known courier. */
export function trackingUrlOf(courierId: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const courier = courierOf(courierId);
  if (!courier || !trackingNumber) return null;
  return courier.trackingUrl.replace('{number}', encodeURIComponent(trackingNumber));
}

/** A tracking (AWB) number as couriers print it: 6–30 letters, digits or dashes. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]{6,30}$/;
export const MAX_ORDER_NOTE_LENGTH = 1000;

export const shippingMessages = {
  courierRequired: 'Please choose the courier',
  courierUnknown: `Please choose one of the couriers: ${COURIERS.map((c) => c.name).join(', ')}`,
  trackingNumberRequired: 'Please enter the tracking number',
  trackingNumberInvalid: 'The tracking number must be 6 to 30 letters, digits or dashes',
  shipmentOnlyWhenShipping: 'A courier and tracking number are given only when shipping',
  notCod: 'Only a cash-on-delivery order has cash to collect',
  codAlreadySettled: (status: string) => `The payment of this order is already ${status}`,
  codNotHandedOver: 'Cash is collected when the parcel is handed over: ship the order first',
  codCollected: 'Cash on delivery collected',
  noteRequired: 'Please write the note',
  noteTooLong: `A note must be at most ${MAX_ORDER_NOTE_LENGTH} characters long`,
  noteAdded: 'Note added',
} as const;
