import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { routeManifest } from '@shop/proto-contracts/routes';
import { buildOpenApiDocument } from './openapi';
import { resolveRoute, routeTable } from './route-table';

/** The OpenAPI document and the gateway's table, both generated from the route manifest (decision 0071). */
describe('the REST description generated from the route manifest', () => {
  const doc = buildOpenApiDocument();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const op = (method: string, path: string) => (doc.paths[`/api/v1${path}`] as Record<string, any>)[method];

  test('is a valid OpenAPI 3.1 document', async () => {
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
  });

  test('describes every route of the manifest, and the gateway forwards exactly those', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice('/api/v1'.length).replace(/\{(\w+)\}/g, ':$1')}`));
    const declared = routeManifest.map((r) => `${r.method} ${r.path}`);
    expect(operations.sort()).toEqual([...declared].sort());
    expect(routeTable.map((r) => `${r.method} ${r.path}`)).toEqual(declared);
    expect(resolveRoute('POST', '/new/order')).toEqual({ service: 'order', path: '/new/order' });
  });

  test('POST /new/order takes its body and the Idempotency-Key header, needs a login and answers the order', () => {
    const placeOrder = op('post', '/new/order');
    const body = placeOrder.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['shippingInfo', 'items', 'couponCode']));
    expect(body.properties.shippingInfo.properties).toHaveProperty('address');
    expect(placeOrder.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(placeOrder.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(Object.keys(placeOrder.responses)).toEqual(expect.arrayContaining(['201', '200', '400', '401']));
    expect(placeOrder.responses['201'].content['application/json'].schema.properties).toHaveProperty('order');
  });

  test('says who may call each operation: public ones need no security, staff ones answer 403 to a shopper', () => {
    expect(op('get', '/products').security).toEqual([]);
    expect(op('get', '/products').responses).not.toHaveProperty('401');
    expect(op('get', '/products').parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'category', 'sort']));
    expect(op('get', '/admin/orders')['x-access']).toBe('staff');
    expect(op('get', '/admin/orders').responses['403'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(op('delete', '/admin/order/{id}').description).toBe('Role admin.');
    expect(op('get', '/admin/orders').description).toBe('Roles admin and emp.');
    expect(doc.components.schemas.Error).toMatchObject({ required: ['success', 'message'] });
    expect(doc.components.securitySchemes).toEqual({
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  test('a parameter or field the server fills in when it is left out is optional; one it needs is required', () => {
    const param = (method: string, path: string, name: string) => op(method, path).parameters.find((p: { name: string }) => p.name === name);
    // Page 1, 20 to a page, every price, popular first, the popular tag: a partner may leave them out.
    for (const name of ['page', 'limit', 'price', 'discount', 'inStock', 'sort']) expect(param('get', '/products', name).required).toBe(false);
    expect(param('get', '/productsByTag', 'tag').required).toBe(false);
    expect(param('get', '/search', 'q').required).toBe(true);
    expect(param('get', '/delivery/promise', 'pin').required).toBe(true);
    expect(param('get', '/admin/gst-summary', 'month').required).toBe(true);
    // The payment order's currency is INR unless said; its amount and a review's product are needed.
    expect(op('post', '/createOrder').requestBody.content['application/json'].schema.required).toEqual(['amount']);
    expect(op('put', '/review').requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['rating', 'comment', 'productId']));
  });

  test('the checked-in partner client types are what openapi-typescript makes of the document now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      const cli = join(dirname(require.resolve('openapi-typescript')), '../bin/cli.js');
      execFileSync(process.execPath, [cli, join(dir, 'openapi.json'), '-o', join(dir, 'shop-api.types.ts')], { stdio: 'pipe' });
      const fresh = readFileSync(join(dir, 'shop-api.types.ts'), 'utf8');
      const checkedIn = readFileSync(join(__dirname, '../../tests/support/shop-api.types.ts'), 'utf8');
      // When this fails after a manifest change: npm run generate:api-types
      expect(checkedIn).toBe(fresh);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
