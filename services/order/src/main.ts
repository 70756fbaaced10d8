import './tracing';
import { isRealPin, runServiceMain } from '@shop/platform';
import { createOrderService, orderOptionsOf, orderSettings } from './app';

// runServiceMain has read and checked the settings (and exits with the problems if they are invalid).
void runServiceMain('order', orderSettings, (runtime, config) => {
  return createOrderService(runtime, {
    ...orderOptionsOf(config),
    catalogUrl: config.CATALOG_URL,
    internalToken: config.INTERNAL_API_TOKEN,
    publicUrl: config.PUBLIC_URL,
    // India Post's PIN directory, shipped with the shop (decision 0066): a PIN it lacks gets no promise.
    pinDirectory: { isKnownPin: async (pin) => isRealPin(pin) },
  });
  // Prepared statements: every checkout runs the same dozen statements; pipelined: its transaction goes in two writes.
}, { namedStatements: true, pipelined: true });
