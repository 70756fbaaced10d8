import './tracing';
import { runServiceMain } from '@shop/platform';
import { cartSettings, createCartService } from './app';

// runServiceMain has read and checked the settings (and exits with the problems if they are invalid).
// Prepared statements: adding to and reading carts repeat the same few statements.
void runServiceMain('cart', cartSettings, (runtime, config) => createCartService(runtime, { catalogUrl: config.CATALOG_URL }), { namedStatements: true });
