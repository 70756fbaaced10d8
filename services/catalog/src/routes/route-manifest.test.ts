import { describeRouteManifest } from '@shop/platform/src/route-manifest-suite';
import { createCatalogService } from '../app';

describeRouteManifest('catalog', (runtime) => createCatalogService(runtime, { demoCatalog: false }));
