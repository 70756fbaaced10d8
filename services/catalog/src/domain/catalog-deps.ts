import type { Db, Logger, Mailer } from '@shop/platform';
import type { CategoryDirectory } from './category.directory';

/** Everything the catalog domain needs from outside, passed in so tests can hand in real parts. */
export interface CatalogDeps {
  db: Db;
  /** PostgreSQL schema holding the outbox (the service's own schema). */
  schema: string;
  logger: Logger;
  clock: () => Date;
  /** Publishes outbox rows now instead of at the relay's next poll; call after a commit. */
  publishEvents: () => void;
  categories: CategoryDirectory;
  /** New and edited reviews wait for staff approval (REVIEWS_NEED_APPROVAL, decision 0056). */
  reviewsNeedApproval: boolean;
  /** Stock at or below this is low (LOW_STOCK_THRESHOLD, decision 0057). */
  lowStockThreshold: number;
  /** Records and sends the catalog's mails (Notify me, decision 0069). */
  mailer: Mailer;
  /** Where shoppers reach the shop (links in mails). */
  publicUrl: string;
}
