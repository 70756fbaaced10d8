import { AppError, type Db, type Logger, type Mailer, type RateLimiter } from '@shop/platform';
import type { OrderItemInput, SellerDetails, StockReservation } from '@shop/proto-contracts';
import type { PaymentKeys } from './payment.service';
import type { PinDirectory } from './delivery-promise.service';

/** A product as the catalog's public API answers it now (money in paise). */
export interface CatalogProductFacts {
  id: string;
  name: string;
  pricePaise: number;
  /** Its top-level category's name (the tax invoice's HSN code follows it). */
  categoryName?: string;
  /** The HSN code and the GST rate (basis points) its price includes now; absent from catalogs before decision 0046. */
  hsnCode?: string;
  gstRateBp?: number;
}

/**
 * The catalog could not be reached at all (connection refused): the request never arrived, so
 * nothing was reserved and there is nothing to release. A 503 for the caller all the same.
 */
export class CatalogNotReached extends AppError {
  constructor(message: string) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/** The catalog's API as the order service uses it. */
export interface CatalogClient {
  /**
   * Reserves every line or none, under the order id. Throws AppErrors: CONFLICT with the catalog's
   * 'Only {n} items available in stock…' message, NOT_FOUND, BAD_REQUEST, CatalogNotReached when
   * the connection was refused (nothing reserved), and SERVICE_UNAVAILABLE when the answer was lost
   * or the catalog refuses this service (then the outcome is unknown).
   */
  reserveStock(reservationId: string, items: OrderItemInput[]): Promise<StockReservation>;
  /** Puts a reservation's stock back (a no-op when there is none or it was released). Throws when the catalog is unreachable. */
  releaseReservation(reservationId: string): Promise<void>;
  /** The product's current price (for quotes; nothing is reserved). */
  getProduct(productId: string): Promise<CatalogProductFacts>;
}

/** Everything the order domain needs from outside, passed in so tests can hand in real parts. */
export interface OrderDeps {
  db: Db;
  /** PostgreSQL schema of the service ('order'): outbox, processed events, mail log. */
  schema: string;
  logger: Logger;
  clock: () => Date;
  catalog: CatalogClient;
  /** Publishes outbox rows now instead of at the relay's next poll; call after a commit. */
  publishEvents: () => void;
  mailer: Mailer;
  /** Where shoppers reach the shop (links in mails). */
  publicUrl: string;
  payments: PaymentKeys;
  /** Limits of actions (the payment test calls), shared by REST and GraphQL. */
  rateLimiter: RateLimiter;
  /** The seller printed on tax invoices (settings SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_STATE, SHOP_GSTIN). */
  seller: SellerDetails;
  /** Whether a well-formed PIN code exists (decision 0068): the delivery check and checkout ask it. */
  pinDirectory: PinDirectory;
}
