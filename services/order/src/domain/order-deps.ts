import type { Db, Logger, Mailer } from '@shop/platform';
import type { OrderItemInput, StockReservation } from '@shop/proto-contracts';
import type { PaymentKeys } from './payment.service';

/** A product as the catalog's public API answers it now (money in paise). */
export interface CatalogProductFacts {
  id: string;
  name: string;
  pricePaise: number;
}

/** The catalog's API as the order service uses it. */
export interface CatalogClient {
  /**
   * Reserves every line or none, under the order id. Throws AppErrors: CONFLICT with the catalog's
   * 'Only {n} items available in stock…' message, NOT_FOUND, BAD_REQUEST, and SERVICE_UNAVAILABLE
   * when the catalog cannot be reached or refuses this service (then the outcome is unknown).
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
}
