import { graphqlDocument } from '../../../lib/graphql-document';
/** Notify me (decision 0069): whether the shopper waits for a product's return, and the mutations to wait or stop. */

export const STOCK_NOTICE_SUBSCRIBED = graphqlDocument('StockNoticeSubscribed', `query StockNoticeSubscribed($productId: ID!) { stockNoticeSubscribed(productId: $productId) }`);
export const SUBSCRIBE_STOCK_NOTICE = graphqlDocument('SubscribeStockNotice', `mutation SubscribeStockNotice($productId: ID!) { subscribeStockNotice(productId: $productId) { success message subscribed } }`);
export const CANCEL_STOCK_NOTICE = graphqlDocument('CancelStockNotice', `mutation CancelStockNotice($productId: ID!) { cancelStockNotice(productId: $productId) { success message subscribed } }`);
