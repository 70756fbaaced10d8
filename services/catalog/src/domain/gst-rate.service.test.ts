import { sql } from 'drizzle-orm';
import { startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';
import { gstRules } from './gst-rate.service';

// A service of its own: a test here changes the rate table behind the service's back.
let service: CatalogTestService;

beforeAll(async () => {
  service = await startCatalogService();
});
afterAll(async () => {
  await service?.close();
});

const watchRate = async () => (await gstRules(service.deps)).find((r) => r.hsnPrefix === '9102' && r.upToPaise === null)?.rateBp;

describe('the GST rate table kept in memory', () => {
  test('a change made by another instance shows only once the kept copy is older than its few seconds; an edit here shows at once', async () => {
    expect(await watchRate()).toBe(1800);
    // Another instance's edit (straight to the table): this instance answers from what it read.
    await service.rows(sql`update catalog.gst_rates set rate_bp = 4000 where hsn_prefix = '9102' and up_to_paise is null`);
    expect(await watchRate()).toBe(1800);
    expect(await watchRate()).toBe(1800);

    // An edit through this instance drops its copy.
    const admin = service.as('admin');
    const rates = (await admin.get('/api/v1/admin/gst-rates')).body.rates as { id: string; hsnPrefix: string; upTo: number | null }[];
    const watch = rates.find((r) => r.hsnPrefix === '9102' && r.upTo === null)!;
    expect((await admin.put(`/api/v1/admin/gst-rates/${watch.id}`, { rate: 5 })).status).toBe(200);
    expect(await watchRate()).toBe(500);
  });
});
