import './tracing';
import { runServiceMain } from '@shop/platform';
import { catalogOptionsOf, catalogSettings, createCatalogService } from './app';

// runServiceMain has read and checked the settings (and exits with the problems if they are invalid).
void runServiceMain('catalog', catalogSettings, (runtime, config) => {
  return createCatalogService(runtime, {
    ...catalogOptionsOf(config),
    mediaUrl: config.MEDIA_URL,
    internalToken: config.INTERNAL_API_TOKEN,
    publicUrl: config.PUBLIC_URL,
  });
  // Pipelined: a stock reservation's transaction goes in two writes (decision 0038).
}, { pipelined: true });
