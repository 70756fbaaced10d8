import { startDistributedShop, type DistributedShop } from '../support/distributed-shop';
import { partnerJourney } from '../support/partner-journey';

const partner = 'http://partner.example.in';

/**
 * The partner journey of the embedded test (decision 0071) against the gateway and the services as
 * separate processes: CORS_ORIGINS and PUBLIC_URL set on the gateway as an operator would.
 */
describe('a partner on another origin, in distributed mode', () => {
  let shop: DistributedShop;

  beforeAll(async () => {
    shop = await startDistributedShop({ gateway: { CORS_ORIGINS: partner, PUBLIC_URL: 'http://shop.example.in' } });
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
  });

  test('browses, signs up, logs in, fills the cart, places a COD order with an Idempotency-Key and reads it back through the typed client', async () => {
    await partnerJourney(shop.base, partner);
  });
});
