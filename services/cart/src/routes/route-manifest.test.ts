import { describeRouteManifest } from '@shop/platform/src/route-manifest-suite';
import { createCartService } from '../app';

describeRouteManifest('cart', (runtime) => createCartService(runtime, { catalogUrl: () => undefined }));
