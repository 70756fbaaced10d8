import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  isInputObjectType,
  isLeafType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { z } from 'zod';
import { routeManifest, type RouteSpec } from '@shop/proto-contracts/routes';
import { startEmbedded } from '../../deploy/embedded/main';
import { composedApiSchema } from '../../gateway/src/supergraph';
import { freePort } from '../support/processes';
import { startSmtpInbox } from '../support/smtp-inbox';
import { AttackClient } from './attack-client';

/**
 * No input makes a 5xx (decision 0098): a property-based fuzz of every route the manifest declares
 * and every root field of the composed GraphQL schema, against the embedded shop in production
 * mode. Each route gets arbitrary and schema-edge values (1e308, -0, NaN text, far dates, long
 * text, wrong types, odd path parameters) in its body, query, path and headers, from the caller its
 * access admits; any 5xx (or a GraphQL INTERNAL_SERVER_ERROR) fails the test with the route and the
 * input. FUZZ_SEED replays a run; FUZZ_RUNS sets the inputs per route (default 8).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 41_098);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** Inputs for a target with `fields` fields to fuzz: RUNS, two more a field (at most 3 × RUNS); a few when there is nothing to fill in. */
const runsFor = (fields: number) => (fields === 0 ? Math.min(RUNS, 4) : Math.min(3 * RUNS, RUNS + 2 * fields));
const ADMIN = { email: 'admin@fuzz.test', password: 'Adm1n#Fuzz-Suite' };
const SHIPPING = { address: '14 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700016', phoneNo: '9830012345' };

let shop: Awaited<ReturnType<typeof startEmbedded>>;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let dataDir: string;
/** The callers: the admin (staff and admin routes), a shopper (login routes), nobody (public routes). */
let admin: AttackClient;
let shopper: AttackClient;
/** A second shopper for what ends the caller's own session (logout); logged in again when it did. */
let victim: AttackClient;
const victimLogin = { email: 'victim@fuzz.test', password: 'Victim#Fuzz-Suite1' };
/** Real ids, so that fuzzed paths also reach rows that exist (none is the admin's own). */
const pool: { productId: string; orderId: string; targetUserId: string; couponId: string; categoryId: string } = { productId: '', orderId: '', targetUserId: '', couponId: '', categoryId: '' };

const client = () => new AttackClient(shop.url);

async function signUp(c: AttackClient, email: string, password: string) {
  const res = await c.post('/api/v1/register', { name: 'Fuzz Shopper', email, phone: '9876543210', password });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.user._id as string;
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-fuzz-'));
  shop = await startEmbedded({
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: inbox.url,
    // The gateway's per-address limit would answer 429 to most of the fuzz after a minute, so the
    // inputs would never reach the schemas; the services' own limits (login, OTP, coupons) stay.
    RATE_LIMIT_PER_MINUTE: '0',
  });
  admin = client();
  expect((await admin.post('/api/v1/login', ADMIN)).status).toBe(200);
  shopper = client();
  await signUp(shopper, 'shopper@fuzz.test', 'Shopper#Fuzz-Suite1');
  victim = client();
  await signUp(victim, victimLogin.email, victimLogin.password);
  pool.targetUserId = await signUp(client(), 'target@fuzz.test', 'Target#Fuzz-Suite1');

  const product = await admin.post('/api/v1/admin/product/create', { id: 'FUZZ-1', name: 'Brass Lamp', price: 499, description: 'A brass lamp.', category: 1, subcat: 'cookware', stock: 1000 });
  expect(product.status).toBe(201);
  pool.productId = product.body.product._id;
  const order = await shopper.post('/api/v1/new/order', { shippingInfo: SHIPPING, items: [{ productId: pool.productId, quantity: 1 }] });
  expect(order.status).toBe(201);
  pool.orderId = order.body.order._id;
  const coupon = await admin.post('/api/v1/admin/coupons', { code: 'FUZZ10', type: 'percent', value: 10 });
  expect(coupon.status).toBe(201);
  pool.couponId = coupon.body.coupon.id;
  pool.categoryId = (await admin.get('/api/v1/admin/categories')).body.categories?.[0]?.id ?? '';
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await inbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Values. An input is mostly a valid request (made from plausible values by field name, checked
// against the route's own schema) with one or two fields replaced by an edge value of the field's
// kind, so the edge reaches the code behind the schema; the rest is arbitrary or of the wrong type.

const MONTH_EDGES = ['9999-12', '0000-01', '0999-12', '2100-01', '1999-12', '2026-13', '2026-1'];
const DATE_EDGES = ['9999-12-31', '0000-01-01', '10000-01-01', '2100-01-01', '1999-12-31', '2099-12-31', '2026-02-30', '+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z', '2026-11-05T25:61:00+05:30', '2099-12-31T23:59:59.999+05:30'];
/** Amounts beyond any column (or any double's paise), and amounts that are odd rather than big. */
const HUGE_NUMBERS: unknown[] = [1e308, Number.MAX_VALUE, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 999_999_999_999, '1e308', '99999999999999999999'];
const ODD_NUMBERS: unknown[] = [Number.MIN_VALUE, -0, -(2 ** 31) - 1, 0.005, 1_000_000.005, 1.5, -1, 'NaN', 'Infinity', '-0', '0x10'];
const NUMBER_EDGES = [...HUGE_NUMBERS, ...ODD_NUMBERS];
const TEXT_EDGES = ['', ' ', 'a'.repeat(10_000), '🙂'.repeat(300), '\u0000', '\ud800', '%', '%E0%A4%A', '../../etc/passwd', '__proto__', 'constructor', "' OR 1=1 --", '<script>alert(1)</script>', '00000000-0000-0000-0000-000000000000', 'NaN', '1e308', '9999-12-31', '9999-12'];

const numberKeys = /^(price|value|minOrder|amount|stock|quantity|discount|rating|page|limit|pageSize|days|deliveryDays|position|maxUses|maxUsesPerCustomer|upTo|rate|percent)$/i;
const dateKeys = /^(date|from|to|validFrom|validTo)$/;

/** The real ids of this shop, read when an input is made (they exist only after beforeAll). */
const realText = fc.constantFrom('productId', 'orderId', 'targetUserId', 'couponId', 'categoryId').map((k) => pool[k as keyof typeof pool]);
const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}), fc.anything({ maxDepth: 2, maxKeys: 4 }));
const anyEdge = fc.oneof(fc.constantFrom(...TEXT_EDGES, ...NUMBER_EDGES, ...DATE_EDGES, ...MONTH_EDGES), fc.double(), fc.integer(), fc.string({ maxLength: 30 }), realText);

/** An edge value for a field, by the kind its name says (a month, a date, an amount or count, text). */
function edgeFor(key: string): fc.Arbitrary<unknown> {
  if (numberKeys.test(key)) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HUGE_NUMBERS) }, { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS) }, { weight: 1, arbitrary: anyEdge }, { weight: 1, arbitrary: wrongType });
  const family = key === 'month' ? MONTH_EDGES : dateKeys.test(key) ? DATE_EDGES : TEXT_EDGES;
  return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...family) }, { weight: 2, arbitrary: anyEdge }, { weight: 1, arbitrary: wrongType });
}

/** Values a valid request would carry in a field of this name, best first (the fuzz tries them in turn). */
function plausible(key: string): unknown[] {
  const product = pool.productId;
  const known: Record<string, unknown[]> = {
    name: ['Brass Lamp Deluxe', 'Ravi Kumar'], email: ['fuzzed@fuzz.test'], phone: ['9876543210'], phoneNo: ['9830012345'], password: ['Mango#Tree-7x'], newPassword: ['Mango#Tree-8x'],
    confirmPassword: ['Mango#Tree-8x'], oldPassword: ['Wrong#Pass-1x'], currentPassword: ['Wrong#Pass-1x'], otp: ['123456'], pin: ['700016'], pinCode: ['700016'], city: ['Kolkata'],
    state: ['West Bengal'], country: ['India'], district: ['Kolkata'], address: ['14 Park Street'], other: ['14 Park Street'], line1: ['14 Park Street'], line2: ['Near the park'],
    landmark: ['Opposite the post office'], recipientName: ['Ravi Kumar'], code: ['FUZZ20', 'FUZZ10'], couponCode: ['FUZZ10'], type: ['amount', 'percent'], value: [100, 10], minOrder: [0],
    validFrom: ['2026-01-01'], validTo: ['2027-12-31'], maxUses: [100], maxUsesPerCustomer: [1], active: [true], month: ['2026-11'], date: ['2026-11-05'], from: ['2026-11-01'], to: ['2026-11-30'],
    days: ['7'], page: ['1'], limit: ['10'], q: ['lamp'], status: ['shipped', 'approved', 'processing'], role: ['emp', 'user'], payment: ['Pending'], price: [499], stock: [10], discount: [10],
    description: ['A brass lamp.'], category: [1, '1'], subcat: ['cookware'], id: [`FUZZ-${SEED}`], hsnCode: ['9405'], productId: [product], product: [product],
    quantity: [1], properties: [{}], lineId: [undefined], mode: ['add'], mergeKey: ['3f0c6c1e-9f7e-4c1a-8a55-5d8e2f1b7a10'], lines: [[{ productId: product, quantity: 1 }]],
    items: [[{ productId: product, quantity: 1 }]], orderItems: [[{ productId: product, quantity: 1 }]], shippingInfo: [SHIPPING], rating: [4, '4'], comment: ['Lovely lamp'], reason: ['Too small'],
    pinPrefix: ['7', '79'], label: ['East'], serviceable: [true], codAvailable: [true], deliveryDays: [3], courier: ['Delhivery'], trackingNumber: ['DL123456789IN'], text: ['Called the buyer'],
    refundTo: [{ method: 'UPI', upiId: 'ravi@okicici' }], method: ['UPI'], upiId: ['ravi@okicici'], note: ['Checked'], amount: [50_000, '50000'], currency: ['INR'], orderId: ['order_fuzz'],
    paymentId: ['pay_fuzz'], signature: ['0'.repeat(64)], purpose: ['avatar'], sort: ['price_asc', 'newest'], tag: ['0', 'popular'], 'Idempotency-Key': ['fuzz-key-1'],
    position: [3], hidden: [false], sizeSet: ['none'], ssize: [false], parentId: [undefined], returnTo: ['/'], error: ['access_denied'],
  };
  return known[key] ?? [];
}

interface Shape {
  keys: Map<string, Shape>;
  literals: unknown[];
}

/** What a zod schema takes: its object keys (two levels down) and the literal values it names. */
function shapeOf(schema: z.ZodType | undefined, depth = 0): Shape {
  const shape: Shape = { keys: new Map(), literals: [] };
  const walk = (s: unknown, d: number) => {
    const def = (s as { _zod?: { def?: Record<string, any> } } | undefined)?._zod?.def;
    if (!def || d > 10) return;
    switch (def.type) {
      case 'object':
        for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) shape.keys.set(k, depth < 2 ? shapeOf(v as z.ZodType, depth + 1) : { keys: new Map(), literals: [] });
        break;
      case 'pipe':
        walk(def.in, d + 1);
        walk(def.out, d + 1);
        break;
      case 'intersection':
        walk(def.left, d + 1);
        walk(def.right, d + 1);
        break;
      case 'union':
        for (const o of def.options) walk(o, d + 1);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
        walk(def.innerType, d + 1);
        break;
      case 'array':
        walk(def.element, d + 1);
        break;
      case 'enum':
        shape.literals.push(...Object.values(def.entries as Record<string, unknown>));
        break;
      case 'literal':
        shape.literals.push(...(def.values as unknown[]));
        break;
    }
  };
  walk(schema, 0);
  return shape;
}

const ABSENT = Symbol('absent');

/**
 * A request the route's schema accepts, made from plausible values (then the schema's literals,
 * then leaving the field out) and mended field by field where the schema says what is wrong;
 * an empty one when none is found in a few tries (the fuzz then starts from nothing).
 */
function validBase(schema: z.ZodType | undefined, asText: boolean): Record<string, unknown> {
  if (!schema) return {};
  const shape = shapeOf(schema);
  const candidates = new Map([...shape.keys].map(([k, sub]) => [k, [...plausible(k), ...sub.literals, ABSENT].map((v) => (asText && v !== ABSENT && v !== undefined ? String(v) : v))]));
  const choice = new Map([...candidates.keys()].map((k) => [k, 0]));
  const build = () => Object.fromEntries([...choice].map(([k, i]) => [k, candidates.get(k)![i]]).filter(([, v]) => v !== ABSENT && v !== undefined));
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const body = build();
    let parsed;
    try {
      parsed = schema.safeParse(body);
    } catch {
      return body;
    }
    if (parsed.success) return body;
    const wrong = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
    const mendable = [...wrong].filter((k) => choice.has(k) && choice.get(k)! < candidates.get(k)!.length - 1);
    const toMend = mendable.length ? mendable : [...choice.keys()].filter((k) => choice.get(k)! < candidates.get(k)!.length - 1).slice(0, 1);
    if (!toMend.length) break;
    for (const k of toMend) choice.set(k, choice.get(k)! + 1);
  }
  return {};
}

/** A valid base with one field (or a field of a nested object) replaced by an edge value. */
function withEdge(base: Record<string, unknown>, shape: Shape): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...new Set([...shape.keys.keys(), ...Object.keys(base)])];
  if (!keys.length) return fc.dictionary(fc.string({ maxLength: 10 }), anyEdge, { maxKeys: 2 }).map((d) => ({ ...base, ...d }));
  return fc.constantFrom(...keys).chain((key) => {
    const inner = base[key];
    const subKeys = [...(shape.keys.get(key)?.keys.keys() ?? [])];
    const nested = Array.isArray(inner) && inner[0] && typeof inner[0] === 'object' ? { list: true, object: inner[0] as Record<string, unknown> } : inner && typeof inner === 'object' ? { list: false, object: inner as Record<string, unknown> } : undefined;
    const whole = edgeFor(key).map((v) => ({ ...base, [key]: v }));
    const nestedKeys = nested ? [...new Set([...subKeys, ...Object.keys(nested.object)])] : [];
    if (!nested || !nestedKeys.length) return whole;
    const deep = fc.constantFrom(...nestedKeys).chain((sub) =>
      edgeFor(sub).map((v) => {
        const changed = { ...nested.object, [sub]: v };
        return { ...base, [key]: nested.list ? [changed] : changed };
      }),
    );
    return fc.oneof(whole, deep);
  });
}

/** A body: a valid one with one or two edges, an arbitrary record of the schema's keys, not an object at all, or not JSON. */
function bodyOf(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema);
  const base = validBase(schema, false);
  const arbitrary = shape.keys.size ? fc.record(Object.fromEntries([...shape.keys.keys()].map((k) => [k, fc.oneof(edgeFor(k), fc.constantFrom(...plausible(k), null))])), { requiredKeys: [] }) : fc.dictionary(fc.string({ maxLength: 10 }), anyEdge, { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: withEdge(base, shape) },
    { weight: 2, arbitrary: withEdge(base, shape).chain((once) => withEdge(once, shape)) },
    { weight: 2, arbitrary },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '[1,2', 'null', '"text"', '1e308', '{"__proto__":{"admin":true}}') },
  );
}

/** Text in a URL: percent-encoded, a lone surrogate (which no URL can carry) made a replacement character. */
const inUrl = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
const asQueryText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' && Object.is(v, -0) ? '-0' : JSON.stringify(v) ?? '');

/** A query: a valid one with an edge, sometimes a key repeated or nested (?a[x]=), an unknown key, or nothing. */
function queryOf(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const shape = shapeOf(schema);
  const base = validBase(schema, true);
  const toText = (q: Record<string, unknown>, style: 'plain' | 'repeated' | 'nested') =>
    Object.entries(q)
      .flatMap(([k, v]) => (style === 'repeated' ? [[k, v], [k, v]] : [[k, v]]))
      .map(([k, v]) => `${inUrl(String(k))}${style === 'nested' ? '[x]' : ''}=${inUrl(asQueryText(v))}`)
      .join('&');
  return fc
    .tuple(
      fc.oneof({ weight: 5, arbitrary: withEdge(base, shape) }, { weight: 1, arbitrary: fc.constant(base) }, { weight: 1, arbitrary: fc.constant({}) }),
      fc.constantFrom<'plain' | 'repeated' | 'nested'>('plain', 'plain', 'plain', 'plain', 'repeated', 'nested'),
    )
    .map(([q, style]) => {
      const text = toText(q, style);
      return text ? `?${text}` : '';
    });
}

/** A path parameter: the real id its name means, another real id, an edge text, or bytes a URL cannot decode. */
function pathParamOf(route: RouteSpec, name: string): fc.Arbitrary<string> {
  const real: Record<string, () => string> = {
    id: () => (route.path.includes('/order') ? pool.orderId : route.path.includes('/user') ? pool.targetUserId : route.path.includes('/coupon') ? pool.couponId : route.path.includes('/categories') ? pool.categoryId : pool.productId),
    productId: () => pool.productId,
    prefix: () => '70',
    pin: () => '700016',
    phone: () => '9876543210',
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(0).map(() => inUrl(real[name]?.() ?? pool.productId)) },
    { weight: 1, arbitrary: realText.map(inUrl) },
    { weight: 4, arbitrary: anyEdge.map((t) => inUrl(asQueryText(t).slice(0, 2000))).filter((t) => t !== '') },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%00', '..', '%2e%2e', '%2F', '1e308', '-0', 'NaN', 'a'.repeat(5000)) },
  );
}

interface RestInput {
  params: Record<string, string>;
  query: string;
  body: unknown;
  headers: Record<string, string>;
}

function restInputOf(route: RouteSpec): fc.Arbitrary<RestInput> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const headerShape = shapeOf(route.headers);
  const headerText = (v: unknown) => asQueryText(v).replace(/[^\x20-\x7e]/g, '').slice(0, 4000);
  return fc.record({
    params: fc.record(Object.fromEntries(names.map((n) => [n, pathParamOf(route, n)]))) as fc.Arbitrary<Record<string, string>>,
    query: route.query || route.method === 'GET' ? queryOf(route.query) : fc.constant(''),
    body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : bodyOf(route.body),
    headers: (headerShape.keys.size ? withEdge(validBase(route.headers, true), headerShape) : fc.constant({})).map((h) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, headerText(v)]))),
  });
}

/**
 * The caller a route's access admits, so the input reaches the schema and the domain behind it.
 * POST /logout ends the caller's own session: it goes to the victim, who logs in again after it,
 * so the admin and the shopper keep theirs for every other route.
 */
function callerOf(route: RouteSpec): AttackClient {
  if (route.method === 'POST' && route.path === '/logout') return victim;
  if (route.access === 'staff' || route.access === 'admin') return admin;
  if (route.access === 'login') return shopper;
  // Public routes go as nobody: a sign-up or login that succeeded would switch a signed-in client's session.
  return client();
}

async function sendRest(route: RouteSpec, input: RestInput) {
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) => input.params[name]);
  const url = `/api/v1${path}${input.query}`;
  let body: unknown = input.body;
  if (route.multipart && body !== undefined) {
    const form = new FormData();
    if (body && typeof body === 'object' && !Array.isArray(body)) for (const [k, v] of Object.entries(body)) form.append(k, asQueryText(v));
    if (route.file) form.append(route.file, new Blob([Buffer.from(url)], { type: 'image/png' }), 'x.png');
    body = form;
  }
  const caller = callerOf(route);
  const res = await caller.call(route.method, url, body, input.headers, 'manual');
  if (caller === victim) await keepVictimSignedIn();
  return { url, res };
}

async function keepVictimSignedIn() {
  if ((await victim.get('/api/v1/profile')).status === 401) expect((await victim.post('/api/v1/login', victimLogin)).status).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// GraphQL: variables of each root field's argument types (a plausible value by name, or an edge),
// sometimes of the wrong type

function gqlValueOf(name: string, type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (type instanceof GraphQLNonNull) return fc.oneof({ weight: 19, arbitrary: gqlValueOf(name, type.ofType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  if (type instanceof GraphQLList) return fc.oneof({ weight: 5, arbitrary: fc.array(gqlValueOf(name, type.ofType, depth + 1), { minLength: 1, maxLength: 2 }) }, { weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: gqlValueOf(name, type.ofType, depth + 1) });
  if (type instanceof GraphQLEnumType) return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) }, { weight: 1, arbitrary: edgeFor(name) });
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant({});
    const fields = Object.values((type as GraphQLInputObjectType).getFields());
    // Mostly plausible fields with one edge among them, as for REST bodies.
    return fc.constantFrom(...fields.map((f) => f.name)).chain((edged) =>
      fc.record(Object.fromEntries(fields.map((f) => [f.name, f.name === edged ? gqlValueOf(f.name, f.type, depth + 1) : plausibleGql(f.name, f.type, depth + 1)])), { requiredKeys: fields.filter((f) => f.type instanceof GraphQLNonNull).map((f) => f.name) }),
    );
  }
  const scalar = type as GraphQLScalarType;
  const numbers = NUMBER_EDGES.filter((n): n is number => typeof n === 'number');
  switch (scalar.name) {
    case 'Int':
      return fc.oneof({ weight: 6, arbitrary: fc.oneof(fc.constantFrom(2_147_483_647, -2_147_483_648, 0, -1, 1, 101, 1_000_001), fc.integer()) }, { weight: 1, arbitrary: fc.constantFrom(2 ** 31, 1.5, 1e308, '1') });
    case 'Float':
      return fc.oneof(fc.constantFrom(...numbers), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'Boolean':
      return fc.oneof({ weight: 6, arbitrary: fc.boolean() }, { weight: 1, arbitrary: anyEdge });
    default:
      // String, ID and the shop's own scalars: the name's edges as text, now and then not text.
      return fc.oneof({ weight: 6, arbitrary: edgeFor(name).map(asQueryText) }, { weight: 1, arbitrary: anyEdge });
  }
}

/** A plausible variable for an argument or input field of this name, its type kept (else an edge of it). */
function plausibleGql(name: string, type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  if (isInputObjectType(inner) || inner instanceof GraphQLList) return gqlValueOf(name, inner, depth);
  const named = getNamedType(inner);
  const values = plausible(name).filter((v) => v !== undefined).map((v) => (named.name === 'Int' || named.name === 'Float' ? Number(v) : named.name === 'Boolean' ? v : typeof v === 'string' ? v : JSON.stringify(v)));
  const typed = values.filter((v) => (named.name === 'Int' ? Number.isInteger(v) : named.name === 'Float' ? Number.isFinite(v) : named.name === 'Boolean' ? typeof v === 'boolean' : typeof v === 'string'));
  return typed.length ? fc.constantFrom(...typed) : gqlValueOf(name, inner, depth);
}

/** Fields whose success ends or changes the caller's own account or session: sent as the victim (see callerOf). */
const GQL_AS_VICTIM = new Set(['logout', 'updatePassword', 'updateProfile']);
/** Fields that sign someone in when they succeed: sent as nobody, so no signed-in client changes account. */
const GQL_AS_NOBODY = new Set(['register', 'login', 'resetPassword', 'resetPasswordWithOtp']);

function gqlOperationOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a, i) => `$a${i}: ${a.type}`).join(', ');
  const args = field.args.map((a, i) => `${a.name}: $a${i}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind}${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

/** The variables of one operation: plausible for all arguments but one, which takes an edge (or all arbitrary). */
function gqlVariablesOf(field: GraphQLField<unknown, unknown>): fc.Arbitrary<Record<string, unknown>> {
  if (!field.args.length) return fc.constant({});
  const all = fc.record(Object.fromEntries(field.args.map((a, j) => [`a${j}`, gqlValueOf(a.name, a.type)])), { requiredKeys: [] });
  const oneEdge = fc.integer({ min: 0, max: field.args.length - 1 }).chain((edged) =>
    fc.record(Object.fromEntries(field.args.map((a, j) => [`a${j}`, j === edged ? gqlValueOf(a.name, a.type) : plausibleGql(a.name, a.type)]))),
  );
  return fc.oneof({ weight: 3, arbitrary: oneEdge }, { weight: 1, arbitrary: all });
}

/** Sends the inputs a few at a time (the shop answers while the next is on its way); the victim's one by one. */
async function inBatches<T>(inputs: T[], size: number, send: (input: T) => Promise<void>) {
  for (let i = 0; i < inputs.length; i += size) await Promise.all(inputs.slice(i, i + size).map(send));
}
const BATCH = 4;

// ---------------------------------------------------------------------------------------------

interface Broken {
  what: string;
  input: unknown;
  status: number;
  answer: unknown;
}

/** How long each route's inputs took, printed with FUZZ_SUMMARY=1 (to keep the run inside its budget). */
const durations: Array<[string, number]> = [];
let sent = 0;
/** The answers by kind (REST status, GraphQL error code or data), to see how far the inputs got. */
const answers = new Map<string, number>();
const tally = (kind: string) => answers.set(kind, (answers.get(kind) ?? 0) + 1);
afterAll(() => {
  if (!process.env.FUZZ_SUMMARY) return;
  const total = durations.reduce((s, [, ms]) => s + ms, 0);
  const slowest = [...durations].sort((a, b) => b[1] - a[1]).slice(0, 12);
  process.stdout.write(`route fuzz: ${durations.length} targets, ${sent} inputs in ${(total / 1000).toFixed(1)} s; slowest: ${slowest.map(([w, ms]) => `${w} ${ms} ms`).join(', ')}\n`);
  process.stdout.write(`route fuzz answers: ${[...answers].sort().map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
});

const reportOf = (broken: Broken[]) => broken.map((b) => `${b.what} → ${b.status} ${JSON.stringify(b.answer).slice(0, 300)}\n  input: ${JSON.stringify(b.input).slice(0, 600)}`).join('\n');

describe(`no input makes a 5xx (seed ${SEED}, ${RUNS} inputs a route; FUZZ_SEED and FUZZ_RUNS replay or widen)`, () => {
  test(`every REST route of the manifest (${routeManifest.length})`, async () => {
    const broken: Broken[] = [];
    for (const [i, route] of routeManifest.entries()) {
      const what = `${route.method} /api/v1${route.path}`;
      const started = Date.now();
      const fields = [...route.path.matchAll(/:(\w+)/g)].length + [route.body, route.query, route.headers].reduce((n, schema) => n + shapeOf(schema).keys.size, 0);
      const inputs = fc.sample(restInputOf(route), { seed: SEED + i, numRuns: runsFor(fields) });
      await inBatches(inputs, callerOf(route) === victim ? 1 : BATCH, async (input) => {
        sent += 1;
        const { url, res } = await sendRest(route, input);
        tally(`REST ${res.status}`);
        if (res.status >= 500) broken.push({ what: `${what} (as sent: ${route.method} ${url.slice(0, 200)})`, input, status: res.status, answer: res.body });
      });
      durations.push([what, Date.now() - started]);
    }
    expect(reportOf(broken)).toBe('');
  }, 600_000);

  test('every root field of the composed GraphQL schema, its arguments as variables', async () => {
    const schema = composedApiSchema();
    const fields = [
      ...Object.values(schema.getQueryType()!.getFields()).map((f) => ['query', f] as const),
      ...Object.values(schema.getMutationType()!.getFields()).map((f) => ['mutation', f] as const),
    ];
    const broken: Broken[] = [];
    for (const [i, [kind, field]] of fields.entries()) {
      const started = Date.now();
      const query = gqlOperationOf(kind, field);
      const caller = () => (GQL_AS_VICTIM.has(field.name) ? victim : GQL_AS_NOBODY.has(field.name) ? client() : admin);
      const fields = field.args.reduce((n, a) => n + (isInputObjectType(getNamedType(a.type)) ? Object.keys((getNamedType(a.type) as GraphQLInputObjectType).getFields()).length : 1), 0);
      const inputs = fc.sample(gqlVariablesOf(field), { seed: SEED + 1000 + i, numRuns: runsFor(fields) });
      await inBatches(inputs, GQL_AS_VICTIM.has(field.name) ? 1 : BATCH, async (variables) => {
        sent += 1;
        const by = caller();
        const res = await by.call('POST', '/graphql', { query, variables });
        if (by === victim) await keepVictimSignedIn();
        tally(`GraphQL ${res.status} ${res.body?.errors?.[0]?.extensions?.code ?? (res.body?.data ? 'data' : '?')}`);
        const internal = (res.body?.errors ?? []).filter((e: { extensions?: { code?: string } }) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
        if (res.status >= 500 || internal.length) broken.push({ what: `${kind} ${field.name}`, input: { query, variables }, status: res.status, answer: res.body });
      });
      durations.push([`${kind} ${field.name}`, Date.now() - started]);
    }
    expect(reportOf(broken)).toBe('');
  }, 600_000);

  test('the accounts the fuzz used are still there and signed in: the admin, the shopper and the victim', async () => {
    expect((await admin.get('/api/v1/profile')).body.user).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect((await shopper.get('/api/v1/profile')).status).toBe(200);
    expect((await victim.get('/api/v1/profile')).status).toBe(200);
    expect((await client().post('/api/v1/login', ADMIN)).status).toBe(200);
  });
});
