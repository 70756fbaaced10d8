import { z } from 'zod';
import { errorAnswerSchema, rolesOfAccess, routeManifest, type RouteSpec } from '@shop/proto-contracts/routes';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema (2020-12, as OpenAPI 3.1 takes it). A schema that first reshapes its
 * input (`z.preprocess`, e.g. the order's `orderItems` alias) is described by what it then checks.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const convert = (s: z.ZodType): JsonSchema => {
    const out = z.toJSONSchema(s, {
      io,
      unrepresentable: 'any',
      override: (ctx) => {
        const def = ctx.zodSchema._zod.def as unknown as { type: string; in?: z.ZodType; out?: z.ZodType };
        if (def.type === 'pipe' && def.in?._zod.def.type === 'transform' && def.out) Object.assign(ctx.jsonSchema, convert(def.out));
      },
    }) as JsonSchema;
    delete out.$schema;
    return out;
  };
  return convert(schema);
}

const errorRef = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });

/** The fields of an object schema (also one reshaped first, as `z.preprocess` makes it), else undefined. */
function fieldsOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  const def = schema?._zod.def as { type?: string; out?: z.ZodType } | undefined;
  return def?.type === 'pipe' ? fieldsOf(def.out) : undefined;
}

/**
 * The names a caller must send: JSON Schema's `required` of the input, less every field whose
 * schema takes `undefined` — a field the server fills in when it is left out (`z.preprocess` giving
 * a default, as the list parameters' page and limit) reads as required to the converter, but is not.
 */
function requiredOf(schema: z.ZodType | undefined, json: JsonSchema): string[] {
  const fields = fieldsOf(schema);
  return ((json.required ?? []) as string[]).filter((name) => {
    const field = fields?.[name];
    if (!field) return true;
    try {
      return !field.safeParse(undefined).success;
    } catch {
      return true; // a field with asynchronous checks: as the converter says
    }
  });
}

/** The properties of an object schema as OpenAPI parameters of one place (query, header, path). */
function parametersOf(schema: z.ZodType | undefined, place: 'query' | 'header' | 'path', names: string[] = []) {
  const json = schema ? jsonSchemaOf(schema, 'input') : {};
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(requiredOf(schema, json));
  const all = [...new Set([...names, ...Object.keys(properties)])];
  return all.map((name) => {
    const { description, ...rest } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: place,
      required: place === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: Object.keys(rest).length > 0 ? rest : { type: 'string' },
    };
  });
}

function successResponses(route: RouteSpec) {
  const content =
    route.answers === 'pdf'
      ? { 'application/pdf': { schema: { type: 'string', format: 'binary' } } }
      : route.answers === 'csv'
        ? { 'text/csv': { schema: { type: 'string' } } }
        : route.answers === 'redirect'
          ? undefined
          : { 'application/json': { schema: route.response ? jsonSchemaOf(route.response, 'output') : { type: 'object' } } };
  if (route.answers === 'redirect') return { 302: { description: 'Redirect (Location header)' } };
  const statuses = route.status ?? [200];
  return Object.fromEntries(statuses.map((status, i) => [status, { description: i === 0 ? 'Success' : 'Success (the same request answered again)', content }]));
}

function operation(route: RouteSpec) {
  const roles = rolesOfAccess[route.access];
  const pathNames = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const op: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[/:{}-](\w)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    summary: route.summary,
    tags: [route.service],
    'x-access': route.access,
    parameters: [...parametersOf(route.params, 'path', pathNames), ...parametersOf(route.query, 'query'), ...parametersOf(route.headers, 'header')],
    responses: {
      ...successResponses(route),
      400: errorResponse('Bad input: the message says what'),
      ...(roles ? { 401: errorResponse('No valid session (cookie or bearer token)') } : {}),
      ...(Array.isArray(roles) ? { 403: errorResponse(`Not for this role (allowed: ${roles.join(', ')})`) } : {}),
      ...(pathNames.length > 0 ? { 404: errorResponse('Not found') } : {}),
      ...(route.conflict ? { 409: errorResponse(route.conflict) } : {}),
      429: errorResponse('Too many requests'),
      503: errorResponse('A service is unavailable'),
    },
    security: roles ? [{ cookieAuth: [] }, { bearerAuth: [] }] : [],
  };
  // The wording clients (and the security suite) read: 'Roles admin and emp.', 'Role admin.'
  if (Array.isArray(roles)) op.description = roles.length === 1 ? `Role ${roles[0]}.` : `Roles ${roles.join(' and ')}.`;
  if (route.body || route.multipart) {
    const input = route.body ? jsonSchemaOf(route.body, 'input') : { type: 'object' };
    const stillRequired = route.body ? requiredOf(route.body, input) : [];
    const { required: _converted, ...rest } = input as { required?: string[] };
    const fields: JsonSchema = stillRequired.length > 0 ? { ...rest, required: stillRequired } : rest;
    const schema = route.file
      ? {
          ...fields,
          type: 'object',
          properties: { ...((fields as { properties?: object }).properties ?? {}), [route.file]: { type: 'string', format: 'binary', description: 'the file' } },
          required: [...((fields as { required?: string[] }).required ?? []), route.file],
        }
      : fields;
    op.requestBody = { required: true, content: route.multipart ? { 'multipart/form-data': { schema } } : { 'application/json': { schema } } };
  }
  return op;
}

/** The OpenAPI 3.1 document of the REST side, generated from the route manifest (decision 0071). */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeManifest) {
    const path = `/api/v1${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ShopKart REST API',
      version: '1',
      description:
        'Every path answers JSON unless said. Errors are `{ "success": false, "message": "..." }`. Money is in rupees with 2 decimals, prices include GST. Sign in with POST /login (httpOnly cookies) or send the access token as a bearer token; a browser on another origin must be listed in CORS_ORIGINS. The same data is available through GraphQL at /graphql.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorAnswerSchema, 'output') },
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}
