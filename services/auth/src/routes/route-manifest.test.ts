import { describeRouteManifest } from '@shop/platform/src/route-manifest-suite';
import { createAuthService } from '../app';

describeRouteManifest('auth', (runtime, env) => createAuthService(runtime, { privateKey: env.keys.privateKey, publicUrl: 'http://shop.test', secureCookies: false, admin: {} }));
