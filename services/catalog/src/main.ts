import './tracing';
import { loadConfig, runServiceMain } from '@shop/platform';
import { catalogSettings, createCatalogService } from './app';

void runServiceMain('catalog', catalogSettings, (runtime) => {
  // runServiceMain has already checked these settings (and exits with the problems if they are invalid).
  const config = loadConfig(catalogSettings);
  return createCatalogService(runtime, {
    mediaUrl: config.MEDIA_URL,
    internalToken: config.INTERNAL_API_TOKEN,
    demoCatalog: config.DEMO_CATALOG === 'true',
    reviewsNeedApproval: config.REVIEWS_NEED_APPROVAL === 'true',
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
    publicUrl: config.PUBLIC_URL,
  });
  // Pipelined: a stock reservation's transaction goes in two writes (decision 0038).
}, { pipelined: true });
