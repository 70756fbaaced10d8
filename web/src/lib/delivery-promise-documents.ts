import { graphqlDocument } from './graphql-document';

/** The server's delivery promise for a PIN (decision 0068): the same day the order will keep. */
export const DELIVERY_PROMISE = graphqlDocument(
  'DeliveryPromise',
  `query DeliveryPromise($pin: String!) { deliveryPromise(pin: $pin) { pin serviceable codAvailable zone deliveryDate message } }`,
);
