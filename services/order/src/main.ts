import './tracing';
import { isRealPin, loadConfig, runServiceMain } from '@shop/platform';
import { createOrderService, orderSettings, sellerOf } from './app';

void runServiceMain('order', orderSettings, (runtime) => {
  // runServiceMain has already checked these settings (and exits with the problems if they are invalid).
  const config = loadConfig(orderSettings);
  return createOrderService(runtime, {
    catalogUrl: config.CATALOG_URL,
    internalToken: config.INTERNAL_API_TOKEN,
    paymentKeyId: config.PAYMENT_KEY_ID,
    paymentKeySecret: config.PAYMENT_KEY_SECRET,
    publicUrl: config.PUBLIC_URL,
    reservationTimeoutMs: config.RESERVATION_TIMEOUT_SECONDS * 1000,
    seller: sellerOf(config),
    // India Post's PIN directory, shipped with the shop (decision 0066): a PIN it lacks gets no promise.
    pinDirectory: { isKnownPin: async (pin) => isRealPin(pin) },
  });
  // Prepared statements: every checkout runs the same dozen statements; pipelined: its transaction goes in two writes.
}, { namedStatements: true, pipelined: true });
