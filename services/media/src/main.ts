import './tracing';
import { loadConfig, runServiceMain } from '@shop/platform';
import { createMediaService, mediaDirOf, mediaSettings } from './app';

void runServiceMain('media', mediaSettings, (runtime) => {
  // runServiceMain has already checked these settings (and exits with the problems if they are invalid).
  const config = loadConfig(mediaSettings);
  return createMediaService(runtime, { mediaDir: mediaDirOf(config), publicBase: config.MEDIA_PUBLIC_BASE, internalToken: config.INTERNAL_API_TOKEN });
});
