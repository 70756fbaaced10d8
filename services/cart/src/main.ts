import './tracing';
import { loadConfig, runServiceMain } from '@shop/platform';
import { cartSettings, createCartService } from './app';

// runServiceMain has already validated the settings (and exited with the problems) before this runs.
// Prepared statements: adding to and reading carts repeat the same few statements.
void runServiceMain('cart', cartSettings, (runtime) => createCartService(runtime, { catalogUrl: loadConfig(cartSettings).CATALOG_URL }), { namedStatements: true });
