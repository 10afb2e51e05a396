import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildPaPolicy, buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { holderCookieFor } from './helpers/purchase.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

// ajv-formats is CommonJS with a default export: Vitest hands over the function, Node's type view the module.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';
const ADMIN = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'correct-horse-battery' };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type TCall = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The documented path this call exercises, as the document writes it. */
  path: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  /** A form post instead of JSON. */
  form?: Record<string, string>;
};

/**
 * Checks a live answer against the document the way a generated client reads it: the status must be
 * declared for the operation, the content type among that status's content types, and the body valid
 * against that content type's schema (JSON parsed, text as a string, files non-empty).
 */
function checkAnswer(
  document: OpenAPIV3.Document,
  compile: (schema: object) => ValidateFunction,
  call: TCall,
  response: LightMyRequestResponse,
): void {
  const where = `${call.method} ${call.url} → ${response.statusCode}`;
  const operation = document.paths[call.path]?.[call.method.toLowerCase() as 'get' | 'post'];
  expect(operation, `${call.method} ${call.path} is not in the document`).toBeDefined();
  const declared = (operation!.responses[String(response.statusCode)] ?? operation!.responses.default) as
    | OpenAPIV3.ResponseObject
    | undefined;
  expect(declared, `${where}: status not declared (${response.body.slice(0, 200)})`).toBeDefined();
  const contentType = String(response.headers['content-type'] ?? '')
    .split(';', 1)[0]!
    .trim();
  if (!declared!.content) {
    expect(response.body, `${where}: declared without a body`).toBe('');
    return;
  }
  const media = declared!.content[contentType];
  expect(
    media,
    `${where}: content type "${contentType}" not declared (${Object.keys(declared!.content)})`,
  ).toBeDefined();
  const validate = compile(media!.schema ?? {});
  if (contentType === 'application/json') {
    const body = response.json();
    expect(
      validate(body),
      `${where}: ${JSON.stringify(validate.errors)} in ${response.body.slice(0, 300)}`,
    ).toBe(true);
  } else if (contentType.startsWith('text/')) {
    expect(validate(response.body), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
  } else {
    expect(response.rawPayload.length, `${where}: an empty file`).toBeGreaterThan(0);
  }
}

/** An example value for each path parameter name the document uses. */
const EXAMPLES: Record<string, string> = {
  agent: 'AG1001',
  sub: 'S01',
  campaign: 'YEAREND',
  country: 'SGP',
  campaignId: '1',
  account: 'AC1001',
  productCode: 'PTR',
  promotion: 'P1',
  affiliation: 'A1',
  catalogueCode: 'TRV-SG',
  level: 'error',
  documentName: 'travel-brochure',
  campaignCode: 'YEAREND',
  promoCode: 'NOTACODE',
  policyId: '00000000-0000-4000-8000-000000000000',
  id: '999999',
  claimId: '00000000-0000-4000-8000-000000000001',
  documentId: '00000000-0000-4000-8000-000000000002',
  claimNumber: 'CSG26-0000001',
};

/** A valid body for each policyholder call that takes one. */
const MY_POLICY_BODIES: Record<string, unknown> = {
  '/b2c-server/rest/my-policy/policies/{policyId}/contact': {
    mobileNoCountryCode: '65',
    mobileNo: '91234567',
    email: 'someone@example.com',
  },
  '/b2c-server/rest/my-policy/policies/{policyId}/contact/confirm-email': { code: '123456' },
  '/b2c-server/rest/my-policy/policies/{policyId}/step-up': { purpose: 'contact', language: 'en' },
  '/b2c-server/rest/my-policy/contact/undo': { token: 'not-a-live-token' },
};

/** OpenAPI 3.0's schema dialect as the JSON Schema Ajv reads: boolean exclusive bounds become numbers. */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, toJsonSchema(item)]),
  ) as Record<string, unknown>;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[exclusive] === true) {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else if (schema[exclusive] === false) delete schema[exclusive];
  }
  return schema;
}

function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name] ?? EXAMPLES[name];
    if (value === undefined) throw new Error(`no example for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

describeEachDriver('the OpenAPI document against the live server', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let document: OpenAPIV3.Document;
  let compile: (schema: object) => ValidateFunction;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { env: ADMIN, now: () => new Date(AT) });
    const answer = await app.inject({ url: '/b2c-server/docs/json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
    // Refs point into the document's components: the validator resolves them against a copy of it.
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    ajv.addFormat('binary', true);
    const refs = toJsonSchema(
      JSON.parse(JSON.stringify(document.components ?? {}).replaceAll('"#/components/', '"doc#/components/')),
    );
    ajv.addSchema({ $id: 'doc', components: refs });
    compile = (schema) =>
      ajv.compile(
        toJsonSchema(
          JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')),
        ) as object,
      );
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const send = (call: TCall) =>
    app.inject({
      method: call.method,
      url: call.url,
      headers: {
        ...(call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...call.headers,
      },
      ...(call.form
        ? { payload: new URLSearchParams(call.form).toString() }
        : call.payload === undefined
          ? {}
          : { payload: call.payload as object }),
    });

  /** The call as a generated client makes it: Session-Name where the document asks for it. */
  function asClient(call: TCall): TCall {
    const operation = document.paths[call.path]?.[call.method.toLowerCase() as 'get' | 'post'];
    const security = operation?.security ?? document.security ?? [];
    const headers: Record<string, string> = { ...call.headers };
    if (security.some((requirement) => 'SessionName' in requirement)) headers['session-name'] = SESSION;
    if (security.some((requirement) => 'OperationsBasic' in requirement))
      headers.authorization = `Basic ${Buffer.from(`${ADMIN.ADMIN_USERNAME}:${ADMIN.ADMIN_PASSWORD}`).toString('base64')}`;
    return { ...call, headers };
  }

  const called = new Set<string>();

  async function checked(call: TCall): Promise<LightMyRequestResponse> {
    called.add(`${call.method} ${call.path}`);
    // What we send must be what the document asks for: a generated client builds it from there.
    const operation = document.paths[call.path]?.[call.method.toLowerCase() as 'get' | 'post'];
    const body = operation?.requestBody as OpenAPIV3.RequestBodyObject | undefined;
    const declaredBody = body?.content[call.form ? 'application/x-www-form-urlencoded' : 'application/json'];
    if (call.payload !== undefined || call.form) {
      expect(declaredBody, `${call.method} ${call.path}: no request body declared`).toBeDefined();
      const validate = compile(declaredBody!.schema ?? {});
      expect(
        validate(call.form ?? call.payload),
        `${call.method} ${call.path}: ${JSON.stringify(validate.errors)}`,
      ).toBe(true);
    }
    for (const name of Object.keys(call.headers ?? {})) {
      // The policyholder's cookie is declared as the operation's security scheme (decision 065).
      if (
        name === 'cookie' &&
        (operation?.security ?? []).some((requirement) => 'PolicyholderSession' in requirement)
      )
        continue;
      const declared = (operation?.parameters ?? []).some(
        (parameter) =>
          'in' in parameter &&
          parameter.in === 'header' &&
          parameter.name.toLowerCase() === name.toLowerCase(),
      );
      expect(declared, `${call.method} ${call.path}: header ${name} not declared`).toBe(true);
    }
    const response = await send(asClient(call));
    // The router's own 404 means the documented path is not served at all.
    expect(response.body, `${call.method} ${call.url}`).not.toMatch(/No page or call at/);
    checkAnswer(document, compile, call, response);
    return response;
  }

  /** A quoted, rated travel policy with both declarations ticked, as the journey has it before paying. */
  async function confirmedPolicy(): Promise<Record<string, unknown>> {
    const policy = buildTravelPolicy(today);
    const quoted = (
      await checked({
        method: 'POST',
        path: '/b2c-server/rest/policy/multirate',
        url: '/b2c-server/rest/policy/multirate',
        payload: policy,
      })
    ).json();
    const chosen = {
      ...policy,
      policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
    };
    const rated = await checked({
      method: 'POST',
      path: '/b2c-server/rest/policy/rate',
      url: '/b2c-server/rest/policy/rate',
      payload: chosen,
    });
    expect(rated.statusCode).toBe(200);
    const consent = recordConsent(true, AT);
    return {
      ...rated.json(),
      consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, AT) },
    };
  }

  it('is a valid OpenAPI 3.0 document, as a client generator reads it', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
  });

  it('lists every API route the server registers, and no route it does not', () => {
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths))
      for (const method of METHODS) if (item?.[method]) documented.add(`${method.toUpperCase()} ${path}`);
    const routes = app.apiRoutes.filter((route) => route.documented);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const template = route.url.replace(/:(\w+)/g, '{$1}');
      if (template.endsWith('/*')) {
        // A wildcard is documented as its concrete variants, never as `{*}`.
        const base = `${route.method} ${template.slice(0, -2)}/`;
        expect(
          [...documented].some((key) => key.startsWith(base)),
          `${route.method} ${route.url}`,
        ).toBe(true);
        expect(documented.has(`${route.method} ${template.slice(0, -1)}{*}`)).toBe(false);
      } else {
        expect(documented.has(`${route.method} ${template}`), `${route.method} ${route.url}`).toBe(true);
      }
    }
    // Pages, assets, health, metrics and the built-in test gateway are not the API.
    for (const key of documented) expect(key).toMatch(/^(GET|POST|PUT|DELETE) \/(b2c-server|ops)\//);
    expect(document.servers?.[0]?.url).toBe('http://localhost:3000');
  });

  it('declares Session-Name exactly where the server asks for it', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (!operation) continue;
        const needs = (operation.security ?? []).some((requirement) => 'SessionName' in requirement);
        const call = { method: method.toUpperCase() as TCall['method'], path, url: fillPath(path) };
        // Without the header: the server must refuse exactly the calls the document marks.
        const response = await send({
          ...call,
          payload: method === 'post' || method === 'put' ? {} : undefined,
        });
        const refused = response.statusCode === 400 && response.json().field === 'Session-Name';
        expect(refused, `${method.toUpperCase()} ${path}: documented ${needs}, refused ${refused}`).toBe(
          needs,
        );
      }
    }
  });

  it('answers every documented call as the document says: status, content type and body', async () => {
    const call = checked;
    const post = (path: string, payload: unknown, values?: Record<string, string>) =>
      call({ method: 'POST', path, url: fillPath(path, values), payload });
    const get = (path: string, query = '', values?: Record<string, string>) =>
      call({ method: 'GET', path, url: `${fillPath(path, values)}${query}` });

    // System flags answer the words true and false as text/plain.
    for (const flag of ['getStatus', 'getPaynowStatus', 'getSeniorLoadingStatus']) {
      const answer = await post(`/b2c-server/rest/system/${flag}`, { countryCode: 'SGP' });
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    }
    await get('/b2c-server/rest/system/pvt-status', '?countryCode=SGP');
    await post('/b2c-server/rest/system/getScheduledMaintenance', { countryCode: 'SGP', lang: 'en' });
    await get('/b2c-server/rest/system/getBanners', '?country=SGP&product=PTR&lang=en');
    await post('/b2c-server/b2c/log/{level}', { data: 'a client error' });

    // Every concrete variant of the agent calls.
    for (const path of Object.keys(document.paths).filter((key) => key.startsWith('/b2c-server/rest/agent/')))
      await get(path);
    // An agent without a staff code is a 404; a bad segment a 400; both in the error shape.
    expect(
      (await get('/b2c-server/rest/agent/getStaffCode/{agent}', '', { agent: 'NOSUCHAGENT' })).statusCode,
    ).toBe(404);
    expect((await get('/b2c-server/rest/agent/get/{agent}', '', { agent: 'bad code!' })).statusCode).toBe(
      400,
    );

    // Campaigns: JSON, the promo check as text/plain, the image as an image.
    await post('/b2c-server/rest/campaign/getCampaign', { country: 'SGP', productType: 'PTR' });
    const promo = await get(
      '/b2c-server/rest/campaign/validatePromoCode/{campaignCode}/{promoCode}/{campaignId}',
    );
    expect(promo.body).toBe('N');
    const image = await get('/b2c-server/rest/campaign/getCampaignImageById/{campaignId}');
    expect(image.statusCode).toBe(200);
    expect(
      (await get('/b2c-server/rest/campaign/getCampaignImageById/{campaignId}', '', { campaignId: '999999' }))
        .statusCode,
    ).toBe(404);

    // Documents as PDF; an unknown one is a 404 in the error shape.
    const pdf = await get('/b2c-server/rest/document/get/{documentName}', '?country=HKG');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await get('/b2c-server/rest/document/get/{documentName}', '', { documentName: 'no-such-document' });
    // Benefit schedules for the quote pages: each product, and a day before every version (a 404).
    for (const product of ['PTR', 'PAN', 'PHM'])
      await get('/b2c-server/rest/policy/benefits', `?country=SGP&product=${product}&on=01/06/2027`);
    await get('/b2c-server/rest/policy/benefits', '?country=HKG&product=PTR&on=01/01/1990');
    // The rate table's figures the PA and home pages state (decision 114), and a day before every version.
    for (const product of ['PAN', 'PHM'])
      await get('/b2c-server/rest/policy/rate-facts', `?country=SGP&product=${product}&on=01/06/2027`);
    await get('/b2c-server/rest/policy/rate-facts', '?country=HKG&product=PHM&on=01/01/1990');

    // Rating, then both ways to pay, then issuance and the schedule.
    await post('/b2c-server/rest/policy/rateTopup', buildTravelPolicy(today));
    const card = await post('/b2c-server/rest/policy/updateToPending', await confirmedPolicy());
    expect(card.statusCode).toBe(200);
    const unpaid = await post('/b2c-server/rest/policy/issueAndReceiptPolicy', card.json().policy);
    expect([200, 422]).toContain(unpaid.statusCode);
    const qr = await call({
      method: 'POST',
      path: '/b2c-server/rest/policy/updateToPendingGenerateQR',
      url: '/b2c-server/rest/policy/updateToPendingGenerateQR',
      headers: { 'Idempotency-Key': 'openapi-live-0001' },
      payload: await confirmedPolicy(),
    });
    expect(qr.statusCode).toBe(200);
    const { policy, response } = qr.json();
    await post('/b2c-server/rest/payNow/checkB2CPaymentSuccess', policy);
    await post('/b2c-server/rest/payNow/qrCodeSimulatePaymentB2C', { txnRef: response.txnRef });
    const issued = await post('/b2c-server/rest/payNow/issueAndReceiptQRPolicy', policy);
    expect(issued.json().status).toBe('issued');
    const link = new URL(issued.json().scheduleUrl);
    const schedule = await call({
      method: 'GET',
      path: '/b2c-server/rest/policy/schedule/{policyId}',
      url: `${link.pathname}${link.search}`,
    });
    expect(schedule.headers['content-type']).toBe('application/pdf');
    await get('/b2c-server/rest/policy/schedule/{policyId}', '?s=X&e=1&sig=bad');

    // After the sale: the policyholder's session (decision 065), refused without it.
    expect((await get('/b2c-server/rest/my-policy/session')).statusCode).toBe(401);
    const holder = { cookie: await holderCookieFor(app, database.db, policy.policyId) };
    const sessionAnswer = await call({
      method: 'GET',
      path: '/b2c-server/rest/my-policy/session',
      url: '/b2c-server/rest/my-policy/session',
      headers: holder,
    });
    expect(sessionAnswer.json().policies).toHaveLength(1);
    await call({
      method: 'POST',
      path: '/b2c-server/rest/my-policy/sign-out',
      url: '/b2c-server/rest/my-policy/sign-out',
      headers: holder,
    });
    await post('/b2c-server/rest/policy/logPaymentLifeCycle', { txnRef: response.txnRef, event: 'shown' });
    const notification = {
      txnRef: response.txnRef,
      amount: '10.00',
      currency: 'SGD',
      bankTransactionId: 'BANK-0001',
      paidAt: AT,
    };
    const forged = await call({
      method: 'POST',
      path: '/b2c-server/rest/payNow/notify',
      url: '/b2c-server/rest/payNow/notify',
      headers: { 'x-paynow-signature': '00'.repeat(32) },
      payload: notification,
    });
    expect(forged.statusCode).toBe(401);

    // The policyholder's calls (my policy) without a session: refused in the error shape.
    for (const path of Object.keys(document.paths).filter((key) =>
      key.startsWith('/b2c-server/rest/my-policy/'),
    ))
      for (const method of METHODS.filter((name) => document.paths[path]?.[name]))
        await (method === 'get'
          ? get(path)
          : post(path, document.paths[path]?.post?.requestBody ? MY_POLICY_BODIES[path] : undefined));
    // A journey saved for later, and a link that opens nothing (decision 076).
    await post('/b2c-server/rest/saved-quote', {
      policy: await confirmedPolicy(),
      step: 'confirm',
      email: 'saver@example.com',
      language: 'en',
    });
    await post('/b2c-server/rest/saved-quote/open', { token: 'A'.repeat(43) });
    // A declined occupation referred to the underwriters (decision 089).
    const declined = buildPaPolicy(today);
    await post('/b2c-server/rest/referral', {
      policy: {
        ...declined,
        policyPAN: {
          ...declined.policyPAN,
          insured: { adult1: { occupation: '1A', optionalCovers: [] }, children: [] },
          applicant: undefined,
        },
      },
      contact: {
        fullName: 'Tan Ah Kow',
        idType: 'NRIC',
        idNumber: 'S8512345I',
        mobileNoCountryCode: '65',
        mobileNo: '91234567',
        email: 'ahkow@example.com',
        consent: true,
      },
      language: 'en',
    });
    // An agent's pre-filled link that opens nothing, and the quote page's funnel beacon (decision 090).
    await post('/b2c-server/rest/quote-link/open', { code: 'A'.repeat(16) });
    await post('/b2c-server/rest/funnel/quote-form', { product: 'PTR', market: 'SGP' });

    // The renewal e-service pages.
    await get('/b2c-server/rest/renewal/turn-off/{policyId}', '?s=X&e=1&sig=bad');
    await call({
      method: 'POST',
      path: '/b2c-server/rest/renewal/turn-off/{policyId}',
      url: `${fillPath('/b2c-server/rest/renewal/turn-off/{policyId}')}?s=X&e=1&sig=bad`,
      form: { confirm: 'off' },
    });
    // Cancellation asks for the policyholder's session first: without one, the documented 401.
    const cancellation = '/b2c-server/rest/my-policy/policies/{policyId}/cancellation';
    expect((await get(cancellation)).statusCode).toBe(401);
    expect((await post(cancellation, { confirm: true })).statusCode).toBe(401);

    // Claims without a policyholder's session: refused in the error shape (claims.test.ts drives them whole).
    const claims = '/b2c-server/rest/claims';
    await post(`${claims}/draft`, { policyId: EXAMPLES.policyId, lang: 'en' });
    await get(`${claims}/draft/{claimId}`);
    await call({
      method: 'PUT',
      path: `${claims}/draft/{claimId}`,
      url: fillPath(`${claims}/draft/{claimId}`),
      payload: { description: 'x' },
    });
    await post(`${claims}/draft/{claimId}/documents`, undefined);
    const documentPath = `${claims}/draft/{claimId}/documents/{documentId}`;
    await call({ method: 'DELETE', path: documentPath, url: fillPath(documentPath) });
    await post(`${claims}/draft/{claimId}/submit`, undefined);
    await post(`${claims}/draft/{claimId}/finish-later`, undefined);
    expect((await post(`${claims}/resume`, { token: 'not-a-live-token' })).statusCode).toBe(404);
    expect((await get(`${claims}/{claimNumber}`)).statusCode).toBe(401);
    // Claims a customer follows (issue 29): the policy's claims, and the answer to "more information needed".
    expect((await get(`${claims}/policy/{policyId}`)).statusCode).toBe(401);
    await post(`${claims}/{claimNumber}/documents`, undefined);
    const answerDocument = `${claims}/{claimNumber}/documents/{documentId}`;
    await call({ method: 'DELETE', path: answerDocument, url: fillPath(answerDocument) });
    await post(`${claims}/{claimNumber}/answer`, { note: 'The letter is attached.' });
    expect((await get(`${claims}/drafts`, `?policyId=${EXAMPLES.policyId}`)).statusCode).toBe(401);
    // My policy: signing in answers the same for any facts; without a session every policy call is a 401.
    const mine = '/b2c-server/rest/my-policy';
    const start = { policyNumber: 'TSG26-0000001', idNumber: 'S8512345I', dateOfBirth: '15/06/1985' };
    const started = await post(`${mine}/access/start`, start);
    expect(started.statusCode).toBe(200);
    expect(
      (await post(`${mine}/access/verify`, { challenge: started.json().challenge, code: '123456' }))
        .statusCode,
    ).toBe(401);
    const badLink = { policyId: '00000000-0000-4000-8000-000000000000', n: 'X', e: '1', sig: 'bad' };
    expect((await post(`${mine}/access/link`, badLink)).statusCode).toBe(401);
    expect((await get(`${mine}/session`)).statusCode).toBe(401);
    await post(`${mine}/sign-out`, undefined);
    expect((await get(`${mine}/policies/{policyId}`)).statusCode).toBe(401);
    expect((await get(`${mine}/policies/{policyId}/schedule`)).statusCode).toBe(401);
    expect((await post(`${mine}/policies/{policyId}/resend`, undefined)).statusCode).toBe(401);
    expect((await post(`${mine}/policies/{policyId}/auto-renewal`, { on: false })).statusCode).toBe(401);

    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((key) => !called.has(key))).toEqual([]);
  });
});
