// Imported first by main.ts: tracing must hook node:http before anything else loads it.
import { startTracing } from '@shop/platform/src/telemetry/tracing';

startTracing('auth');
