import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/escape-html.ts';
import {
  checkAccess,
  completeChallenge,
  processPayment,
  readChallengeState,
  type TFields,
  type TTestGatewayProfile,
} from './test-gateway.ts';
import type { TTestGatewayStore } from './test-gateway-repository.ts';

export { chargeToken, type TTestGatewayProfile } from './test-gateway.ts';

import { REFUND_PATH } from '../card-gateway/refund-client.ts';
import { LOOKUP_PATHS } from '../card-gateway/transaction-lookup.ts';
import { answerLookup, LOOKUP_PREFIX } from './test-gateway-lookup.ts';

/**
 * The built-in test gateway's HTTP side (README.md beside this file): `POST /gateway/silent/pay`
 * (Silent Order POST), `POST /gateway/silent/authenticate` (the 475 challenge's answer) and the two
 * small scripts its pages load. The answer goes back as a page that posts itself to the shop's receipt
 * page (`override_custom_receipt_page`) and, when configured, server to server to the merchant POST URL.
 */
export type TTestGatewayOptions = {
  store: TTestGatewayStore;
  /** One per market; looked up by access_key + profile_id. */
  profiles: TTestGatewayProfile[];
  now: () => Date;
  /** The real gateway also posts its answer server-to-server to the merchant ("merchant POST URL"); undefined = off. */
  merchantPostUrl?: string;
  /** Injected for tests; defaults to global fetch. */
  fetchImpl?: typeof fetch;
  /** Called with each merchant POST's delivery (it never rejects), so tests can await it. */
  onMerchantPost?: (delivery: Promise<void>) => void;
  log?: FastifyBaseLogger;
};

export const GATEWAY_PATHS = {
  pay: '/gateway/silent/pay',
  authenticate: '/gateway/silent/authenticate',
  autopost: '/gateway/silent/autopost.js',
  challenge: '/gateway/silent/challenge.js',
  stylesheet: '/gateway/silent/gateway.css',
} as const;

const AUTOPOST_JS = `'use strict';
// Posts the gateway's answer to the shop's receipt page as soon as the page loads.
(function () {
  var form = document.getElementById('answer');
  // A field named "submit" would shadow form.submit; the prototype's method cannot be shadowed.
  if (form) HTMLFormElement.prototype.submit.call(form);
})();
`;

const CHALLENGE_JS = `'use strict';
// Tells the shop (the parent window) to show this frame as a dialog: the bank asks for a confirmation.
(function () {
  var form = document.getElementById('challenge');
  var origin = form && form.getAttribute('data-parent-origin');
  if (origin && window.parent && window.parent !== window) {
    window.parent.postMessage({ source: 'lionrock-test-gateway', type: 'challenge' }, origin);
  }
})();
`;

const STYLESHEET = `body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; }
main { max-width: 28rem; margin: 0 auto; }
h1 { font-size: 1.25rem; }
.note { color: #555; font-size: 0.875rem; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; padding: 0.5rem 1rem; cursor: pointer; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${GATEWAY_PATHS.stylesheet}">
</head>
<body>
${body}
</body>
</html>
`;
}

/** The answer page: a form of hidden fields posted to the receipt page by autopost.js (or by hand). */
export function renderAnswerPage(answer: TFields, receiptPage: URL): string {
  const inputs = Object.entries(answer)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    'Payment processed',
    `<form id="answer" method="post" action="${escapeHtml(receiptPage.href)}">
${inputs}
<noscript><p>Your payment has been processed.</p><button type="submit">Continue</button></noscript>
</form>
<script src="${GATEWAY_PATHS.autopost}"></script>`,
  );
}

/** The 475 challenge: the bank asks the cardholder to confirm. */
export function renderChallengePage(state: string, echo: TFields, receiptPage: URL): string {
  const amount = `${echo.currency ?? ''} ${echo.amount ?? ''}`.trim();
  const card = (echo.card_number ?? '').slice(-4);
  return page(
    'Verify your payment',
    `<main>
<h1>Verify your payment</h1>
<p>Your bank asks you to confirm this payment of ${escapeHtml(amount)} with the card ending ${escapeHtml(card)}.</p>
<p class="note">Lionrock test gateway: no real bank is involved.</p>
<form id="challenge" method="post" action="${GATEWAY_PATHS.authenticate}" data-parent-origin="${escapeHtml(receiptPage.origin)}">
<input type="hidden" name="challenge" value="${escapeHtml(state)}">
<div class="actions">
<button type="submit" name="action" value="confirm">Confirm payment</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>
</main>
<script src="${GATEWAY_PATHS.challenge}"></script>`,
  );
}

export function renderDeniedPage(reason: string): string {
  return page(
    'Access denied',
    `<main>
<h1>Access denied</h1>
<p>${escapeHtml(reason)}</p>
</main>`,
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string, receiptPage?: URL): FastifyReply {
  const formAction = receiptPage ? `${receiptPage.origin} 'self'` : "'self'";
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self'; form-action ${formAction}; frame-ancestors 'self'; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

export async function testGatewayRoutes(app: FastifyInstance, options: TTestGatewayOptions): Promise<void> {
  const log = options.log ?? app.log;
  const fetchImpl = options.fetchImpl ?? fetch;

  const deny = (reply: FastifyReply, reason: string) => {
    log.warn({ reason }, 'test gateway refused a request');
    return sendHtml(reply, 403, renderDeniedPage(reason));
  };

  /** Fire and forget: the answer goes to the merchant POST URL too; failures are logged, never thrown. */
  const postToMerchant = (answer: TFields) => {
    const url = options.merchantPostUrl;
    if (!url) return;
    const delivery = (async () => {
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(answer).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        if (!response.ok) {
          log.warn(
            { status: response.status, referenceNumber: answer.req_reference_number },
            'test gateway merchant POST was refused',
          );
        }
      } catch (error) {
        log.warn(
          {
            error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error',
            referenceNumber: answer.req_reference_number,
          },
          'test gateway merchant POST failed',
        );
      }
    })();
    options.onMerchantPost?.(delivery);
  };

  const answered = (reply: FastifyReply, answer: TFields, receiptPage: URL) => {
    log.info(
      {
        decision: answer.decision,
        reasonCode: answer.reason_code,
        referenceNumber: answer.req_reference_number,
      },
      'test gateway answered',
    );
    postToMerchant(answer);
    return sendHtml(reply, 200, renderAnswerPage(answer, receiptPage), receiptPage);
  };

  app.post(GATEWAY_PATHS.pay, async (request, reply) => {
    const now = options.now();
    const access = checkAccess(request.body, options.profiles, now);
    if (!access.ok) return deny(reply, access.reason);
    const result = await processPayment(options.store, access.profile, access.fields, now);
    if (result.kind === 'challenge') {
      log.info({ referenceNumber: result.echo.reference_number }, 'test gateway asked for authentication');
      return sendHtml(
        reply,
        200,
        renderChallengePage(result.state, result.echo, access.receiptPage),
        access.receiptPage,
      );
    }
    return answered(reply, result.answer, access.receiptPage);
  });

  app.post(GATEWAY_PATHS.authenticate, async (request, reply) => {
    const now = options.now();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const challenge = readChallengeState(body.challenge, options.profiles, now);
    if (!challenge.ok) return deny(reply, challenge.reason);
    if (body.action !== 'confirm' && body.action !== 'cancel') {
      return deny(reply, 'Choose Confirm payment or Cancel.');
    }
    const answer = await completeChallenge(options.store, challenge, body.action === 'confirm', now);
    if (!answer) return deny(reply, 'This verification was answered already.');
    return answered(reply, answer, challenge.receiptPage);
  });

  // The transaction lookup (CyberSource REST's shape, HTTP Signature): the shop confirms with it.
  await app.register(async (scope) => {
    // The signature covers the body's digest: the body is kept as sent.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const lookup = async (request: FastifyRequest, reply: FastifyReply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const answer = await answerLookup(
        options.store,
        options.profiles,
        {
          method: request.method,
          target: request.url,
          headers,
          ...(typeof request.body === 'string' ? { body: request.body } : {}),
        },
        options.now(),
      );
      if (answer.status === 401) log.warn('test gateway refused a lookup');
      return reply
        .code(answer.status)
        .type('application/hal+json')
        .header('cache-control', 'no-store')
        .send(answer.body);
    };
    // The gateway's own API, not the shop's: not in the shop's OpenAPI document.
    scope.get(`${LOOKUP_PREFIX}${LOOKUP_PATHS.transaction}:id`, { schema: { hide: true } }, lookup);
    scope.post(`${LOOKUP_PREFIX}${LOOKUP_PATHS.search}`, { schema: { hide: true } }, lookup);
    scope.post(
      `${LOOKUP_PREFIX}${REFUND_PATH.prefix}:id${REFUND_PATH.suffix}`,
      { schema: { hide: true } },
      lookup,
    );
  });

  // Not kept by the browser: the shop's one cache rule makes every answer off its short list no-store.
  const staticFile = (path: string, type: string, content: string) =>
    app.get(path, async (_request, reply) => reply.type(type).send(content));
  staticFile(GATEWAY_PATHS.autopost, 'application/javascript; charset=utf-8', AUTOPOST_JS);
  staticFile(GATEWAY_PATHS.challenge, 'application/javascript; charset=utf-8', CHALLENGE_JS);
  staticFile(GATEWAY_PATHS.stylesheet, 'text/css; charset=utf-8', STYLESHEET);
}
