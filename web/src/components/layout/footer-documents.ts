import { graphqlDocument } from '../../lib/graphql-document';

export const SUBSCRIBE_NEWSLETTER = graphqlDocument(
  'SubscribeNewsletter',
  `mutation SubscribeNewsletter($email: String!) { subscribeNewsletter(email: $email) { success message } }`,
);
