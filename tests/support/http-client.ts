import { TestHttpClient } from '@shop/platform/src/testing';

/** One browser or partner talking to the shop: it keeps the cookies the shop sets and sends them back. */
export class ShopClient extends TestHttpClient {
  constructor(base: string) {
    super(base, { keepCookies: true });
  }
}
