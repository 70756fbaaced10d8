import type { Db, Logger } from '@shop/platform';
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
}
