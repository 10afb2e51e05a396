import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ZApiErrorSchema } from '@lionrock/domain/schemas/api-error-schema';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { requiresSessionName, SESSION_NAME_PATTERN } from './exempt-paths.ts';

/**
 * The OpenAPI document at `/b2c-server/docs` (design section 5), kept true to what the server sends so a
 * client generated from it works (test/openapi-live.test.ts calls every documented path and checks each
 * answer against it). Routes declare their bodies and answers in their `schema:` blocks with the helpers
 * below; this file adds what holds for every route: the servers, the Session-Name header (from the one
 * exempt list, `exempt-paths.ts`), the error answers any call can give, and the concrete variants of the
 * agent calls' optional path segments.
 */

export const DOCS_PREFIX = '/b2c-server/docs';
export const SESSION_NAME_SCHEME = 'SessionName';
const HEADERS_KEY = 'x-lionrock-headers';
const RAW_BODY_KEY = 'x-lionrock-raw-body';
/** The policyholder's session cookie (decision 065): the after-sale calls behind `requireHolder`. */
export const HOLDER_SCHEME = 'PolicyholderSession';
const HOLDER_KEY = 'x-lionrock-holder';

/** Marks a route as behind the policyholder's session: `schema: { ...holderSession(), … }`. */
export function holderSession() {
  return { [HOLDER_KEY]: true };
}

/** An answer of another type than JSON: `{ 200: textPlain(z.enum(['true', 'false'])) }`. */
export function textPlain<T extends z.ZodType>(schema: T, description = 'Plain text') {
  return { description, content: { 'text/plain': { schema } } };
}

/** An HTML page (the renewal e-service). */
export function htmlPage(description = 'An HTML page') {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/** A file download, one entry per content type it may have: `binary(['application/pdf'])`. */
export function binary(contentTypes: readonly string[], description = 'The file') {
  // The bytes are sent as they are (never serialised); the type says so to the route's handler.
  const schema = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer>;
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])),
  };
}

/** No body at all (a 204): swagger leaves the content out. */
export function noContent(description = 'Done; no body') {
  return z.any().describe(description);
}

/** The error shape of design section 5, for the statuses a route answers beyond the common ones. */
export function apiErrors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, ZApiErrorSchema]));
}

/**
 * Describes headers the route reads itself (not validated by a schema, so nothing else of the request's
 * headers is touched): `...documentedHeaders({ 'Idempotency-Key': { … } })`.
 */
export function documentedHeaders(headers: Record<string, { description: string; pattern?: string }>) {
  return { [HEADERS_KEY]: headers };
}

/**
 * Describes a JSON body the route reads raw (to verify a signature over its exact bytes), so it cannot
 * carry a validating `body` schema: `...rawJsonBody(ZPaynowNotificationSchema)`.
 */
export function rawJsonBody(schema: z.ZodType) {
  // JSON alone: the app's other parsers would hand the route an object it does not read (plugins/body-types.ts).
  return {
    [RAW_BODY_KEY]: z.toJSONSchema(schema, { target: 'openapi-3.0' }),
    consumes: ['application/json'],
  };
}

/** The optional header of the state-changing payment calls (`modules/payment/idempotency.ts`). */
export const IDEMPOTENCY_KEY_HEADER = documentedHeaders({
  'Idempotency-Key': {
    description:
      'Optional, 8 to 128 letters, digits or - _ . : chosen by the client: the same key and body replay the stored answer; the same key with another body is a 422; while the first request runs, a 409.',
  },
});

// ---------------------------------------------------------------------------------------------------
// Optional path segments as concrete paths
// ---------------------------------------------------------------------------------------------------

/**
 * The agent calls take optional `/name/value` pairs (and one bare value) after a leading code, in the
 * spec's order (travel-flow section 7); a generated client needs each combination as its own path.
 * A route marks its wildcard with `...pathVariants(spec)` in its schema.
 */
export type TPathSegment =
  | { name: string; kind: 'named'; schema: OpenAPIV3.SchemaObject }
  | { name: string; kind: 'bare'; schema: OpenAPIV3.SchemaObject };

export type TPathVariants = { lead: string; leadSchema: OpenAPIV3.SchemaObject; segments: TPathSegment[] };

const VARIANTS_KEY = 'x-lionrock-path-variants';

export function pathVariants(spec: TPathVariants): Record<string, unknown> {
  return { [VARIANTS_KEY]: spec };
}

/** Every subset of the optional segments, in order: `/{agent}`, `/{agent}/sub/{sub}`, … */
export function expandVariants(
  spec: TPathVariants,
): { suffix: string; parameters: OpenAPIV3.ParameterObject[] }[] {
  const lead: OpenAPIV3.ParameterObject = {
    name: spec.lead,
    in: 'path',
    required: true,
    schema: spec.leadSchema,
  };
  let variants = [{ suffix: `/{${spec.lead}}`, parameters: [lead] }];
  for (const segment of spec.segments) {
    const parameter: OpenAPIV3.ParameterObject = {
      name: segment.name,
      in: 'path',
      required: true,
      schema: segment.schema,
    };
    const part = segment.kind === 'named' ? `/${segment.name}/{${segment.name}}` : `/{${segment.name}}`;
    variants = variants.flatMap((variant) => [
      variant,
      { suffix: `${variant.suffix}${part}`, parameters: [...variant.parameters, parameter] },
    ]);
  }
  return variants;
}

// ---------------------------------------------------------------------------------------------------
// The whole document
// ---------------------------------------------------------------------------------------------------

/** Which routes are the API: the shop's REST calls; pages, assets and the back office's own calls are not. */
export function isDocumentedRoute(url: string): boolean {
  if (url.startsWith(DOCS_PREFIX)) return false;
  if (!url.startsWith('/b2c-server/')) return false;
  // Stylesheets and scripts that pages load are files, not calls.
  return !/\.(css|js)$/.test(url);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function errorResponse(description: string): OpenAPIV3.ResponseObject {
  return {
    description,
    content: {
      'application/json': {
        schema: z.toJSONSchema(ZApiErrorSchema, { target: 'openapi-3.0' }) as OpenAPIV3.SchemaObject,
      },
    },
  };
}

/** Answers any call may give, whatever its own schema says (design section 5). */
const COMMON_ERRORS: Record<string, string> = {
  '400': 'Bad input: a field that breaks its rule, a body that is not JSON, or a missing Session-Name',
  '413': 'The request body is larger than this call accepts',
  '415': 'The request body is not in a content type this call reads',
  '429': 'Too many requests from this client; try again later',
  '500': 'An unexpected failure',
  '503': 'The database is unavailable or the server is shutting down',
};

/** Finishes the document swagger builds from the routes: servers, security, common errors, path variants. */
export function finishDocument(document: OpenAPIV3.Document, publicUrl: string): OpenAPIV3.Document {
  const paths: OpenAPIV3.PathsObject = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!item) continue;
    for (const method of METHODS) {
      const operation = item[method] as (OpenAPIV3.OperationObject & Record<string, unknown>) | undefined;
      if (!operation) continue;
      for (const [status, description] of Object.entries(COMMON_ERRORS)) {
        operation.responses[status] ??= errorResponse(description);
      }
      // A 204 has no body, whatever schema the route gave it.
      const empty = operation.responses['204'] as OpenAPIV3.ResponseObject | undefined;
      if (empty) delete empty.content;
      const holder = operation[HOLDER_KEY] === true;
      delete operation[HOLDER_KEY];
      operation.security = requiresSessionName(path)
        ? [{ [SESSION_NAME_SCHEME]: [], ...(holder ? { [HOLDER_SCHEME]: [] } : {}) }]
        : [];
      const headers = operation[HEADERS_KEY] as
        | Record<string, { description: string; pattern?: string }>
        | undefined;
      delete operation[HEADERS_KEY];
      if (headers) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          ...Object.entries(headers).map(([name, header]) => ({
            name,
            in: 'header' as const,
            required: false,
            description: header.description,
            schema: { type: 'string' as const, ...(header.pattern ? { pattern: header.pattern } : {}) },
          })),
        ];
      }
      const rawBody = operation[RAW_BODY_KEY] as OpenAPIV3.SchemaObject | undefined;
      delete operation[RAW_BODY_KEY];
      if (rawBody) {
        operation.requestBody = { required: true, content: { 'application/json': { schema: rawBody } } };
      }
      const variants = operation[VARIANTS_KEY] as TPathVariants | undefined;
      delete operation[VARIANTS_KEY];
      if (!variants) {
        paths[path] = { ...paths[path], [method]: operation };
        continue;
      }
      const base = path.replace(/\/\{\*\}$/, '');
      const others = (operation.parameters ?? []).filter(
        (parameter) => !('in' in parameter) || parameter.in !== 'path',
      );
      for (const variant of expandVariants(variants)) {
        paths[`${base}${variant.suffix}`] = {
          [method]: {
            ...operation,
            operationId: undefined,
            parameters: [...others, ...variant.parameters],
          },
        };
      }
    }
  }
  return {
    ...document,
    servers: [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }],
    paths,
    components: {
      ...document.components,
      securitySchemes: {
        ...document.components?.securitySchemes,
        [SESSION_NAME_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'Session-Name',
          description: `The caller's session id, made once per browser session: ${SESSION_NAME_PATTERN.source}. A policy belongs to the session that rated it; a call without it is a 400.`,
        },
        [HOLDER_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'lr_holder',
          description:
            "The policyholder's session, set by the one-time code or a policy e-mail's signed link; it ends after 30 minutes idle. Without it the call is a 401.",
        },
      },
    },
  };
}

export type TApiRoute = { method: string; url: string; documented: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the document: what it must describe (`documented`) and what not. */
    apiRoutes: TApiRoute[];
  }
}

/** Registers the document and its UI at `/b2c-server/docs` (JSON at `/b2c-server/docs/json`). */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const routes: TApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of methods) {
      // HEAD routes are Fastify's automatic twins of GET.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, documented: !hidden && isDocumentedRoute(route.url) });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lionrock b2c-server',
        version: '1.0.0',
        description: 'The shop API of the specification.',
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      if (isDocumentedRoute(input.url)) return transformed;
      return { ...transformed, schema: { ...transformed.schema, hide: true } };
    },
    transformObject: (input) =>
      finishDocument(jsonSchemaTransformObject(input) as OpenAPIV3.Document, options.publicUrl),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}
