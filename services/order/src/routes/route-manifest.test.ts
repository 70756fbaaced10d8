import { describeRouteManifest } from '@shop/platform/src/route-manifest-suite';
import { TEST_INTERNAL_TOKEN } from '@shop/platform/src/testing';
import { createOrderService } from '../app';

describeRouteManifest('order', (runtime) => createOrderService(runtime, { catalogUrl: () => undefined, internalToken: TEST_INTERNAL_TOKEN, publicUrl: 'http://shop.test' }));
