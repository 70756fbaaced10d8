import './tracing';
import { runServiceMain } from '@shop/platform';
import { createMediaService, mediaOptionsOf, mediaSettings } from './app';

// runServiceMain has read and checked the settings (and exits with the problems if they are invalid).
void runServiceMain('media', mediaSettings, (runtime, config) => createMediaService(runtime, { ...mediaOptionsOf(config), internalToken: config.INTERNAL_API_TOKEN }));
