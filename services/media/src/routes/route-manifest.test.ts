import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRouteManifest } from '@shop/platform/src/route-manifest-suite';
import { createMediaService } from '../app';

describeRouteManifest('media', (runtime) => createMediaService(runtime, { mediaDir: mkdtempSync(join(tmpdir(), 'media-routes-')) }));
