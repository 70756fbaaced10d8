
import { createAuthService } from './app';
import { startAuthService, TestClient, type AuthTestService } from './testing/auth-test-service';

describe('admin bootstrap without configured credentials', () => {
  let service: AuthTestService;
  beforeAll(async () => {
    service = await startAuthService({ admin: undefined });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('reports admin@shopkart.local with a generated password', () => {
    expect(service.adminBootstrap).toEqual({ email: 'admin@shopkart.local', password: expect.stringMatching(/^.{16,}$/), created: true });
  });

  it('the generated password logs in as admin', async () => {
    const res = await new TestClient(service.url).post('/api/v1/login', { email: 'admin@shopkart.local', password: service.adminBootstrap?.password });
    expect(res.body.user?.role).toBe('admin');
  });

  it('a later start finds the admin and creates none', async () => {
    const again = await createAuthService(service.runtime, { privateKey: service.env.keys.privateKey, publicUrl: 'http://shop.test', secureCookies: false });
    await again.stop();
    expect(again.adminBootstrap).toBeUndefined();
  });
});

describe('admin bootstrap with configured credentials', () => {
  let service: AuthTestService;
  beforeAll(async () => {
    service = await startAuthService({ admin: { email: 'Owner@Shop.test', password: 'Owner#Pass123' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('reports the configured email and no password', () => {
    expect(service.adminBootstrap).toEqual({ email: 'owner@shop.test', created: true });
  });
});
