import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/escape-html.ts';
import { htmlPage } from '../../lib/openapi.ts';
import { productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';
import type { TRenewalService } from './renewal-service.ts';
import { type TTurnOffState, TURN_OFF_PATH } from './turn-off.ts';

/** The turn-off page's stylesheet (the page has no inline style or script). */
const TURN_OFF_STYLESHEET_PATH = '/b2c-server/rest/renewal/turn-off.css';

const STYLESHEET = `body { font-family: Arial, Helvetica, sans-serif; margin: 0; padding: 1.5rem; color: #222222; line-height: 1.5; }
main { max-width: 34rem; margin: 0 auto; }
h1 { font-size: 1.35rem; color: #0B3B5C; }
button { font: inherit; padding: 0.6rem 1.2rem; margin-top: 1rem; cursor: pointer; background: #0B3B5C; color: #ffffff; border: 0; border-radius: 4px; }
.note { color: #555555; font-size: 0.9rem; }
`;

type TOk = Extract<TTurnOffState, { kind: 'ok' }>;

/** The product's word comes from the product catalogue (decision 047). */
type TPageCopy = {
  title: string;
  confirm: (number: string, product: string, end: string) => string;
  effect: string;
  button: string;
  alreadyOff: (number: string) => string;
  done: (number: string) => string;
  /** The renewal was charged (decision 129): what, the new policy, and where it is managed. */
  renewedTitle: string;
  renewed: (total: string, number: string, start: string, end: string) => string;
  renewedManage: string;
  renewedLink: (number: string) => string;
  contact: (country: TCountry) => string;
};

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TPageCopy = {
  title: '关闭自动续保',
  confirm: (number, product, end) => `您的${product}保单 ${number} 将于 ${end} 到期，并已设定自动续保。`,
  effect: '关闭自动续保后，我们不会为此保单续保，也不会从您的信用卡扣款。',
  button: '关闭自动续保',
  alreadyOff: (number) => `保单 ${number} 的自动续保已关闭。我们不会为此保单续保，也不会从您的信用卡扣款。`,
  done: (number) => `保单 ${number} 的自动续保现已关闭。我们不会为此保单续保，也不会从您的信用卡扣款。`,
  renewedTitle: '您的保单已续保',
  renewed: (total, number, start, end) =>
    `我们已从您的信用卡扣除 ${total}，并将此保单续保为新保单 ${number}，保障期由 ${start} 至 ${end}。此保单的续保已完成，无法再关闭。`,
  renewedManage: '如需关闭新保单明年的自动续保或取消新保单，请在新保单的页面办理。',
  renewedLink: (number) => `查看新保单 ${number}`,
  contact: (country) =>
    country === 'HKG'
      ? `香港：${INSURER_CONTACTS.HKG.hotline}，${INSURER_CONTACTS.HKG.email}`
      : `新加坡：${INSURER_CONTACTS.SGP.hotline}（星期一至五，上午9时至下午6时），${INSURER_CONTACTS.SGP.email}`,
};

const COPY: Record<TScript, TPageCopy> = {
  en: {
    title: 'Turn off auto-renewal',
    confirm: (number, product, end) =>
      `Your ${product} policy ${number} ends on ${end} and is set to renew automatically.`,
    effect: 'If you turn auto-renewal off, we will not renew the policy or charge your card for it.',
    button: 'Turn off auto-renewal',
    alreadyOff: (number) =>
      `Auto-renewal is off for policy ${number}. We will not renew it or charge your card for it.`,
    done: (number) =>
      `Auto-renewal is now off for policy ${number}. We will not renew it or charge your card for it.`,
    renewedTitle: 'Your policy has been renewed',
    renewed: (total, number, start, end) =>
      `We charged ${total} to your card and renewed this policy as policy ${number}, covering ${start} to ${end}. This renewal is done and can no longer be turned off.`,
    renewedManage:
      'To turn off next year’s renewal of the new policy, or to cancel it, go to the new policy’s page.',
    renewedLink: (number) => `See the new policy ${number}`,
    contact: (country) =>
      country === 'HKG'
        ? `Hong Kong: ${INSURER_CONTACTS.HKG.hotline}, ${INSURER_CONTACTS.HKG.email}`
        : `Singapore: ${INSURER_CONTACTS.SGP.hotline} (Monday to Friday, 9 am to 6 pm), ${INSURER_CONTACTS.SGP.email}`,
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

const HTML_LANG: Record<TScript, string> = { en: 'en', 'zh-Hans': 'zh-Hans', 'zh-Hant': 'zh-Hant' };

function page(script: TScript, title: string, body: string): string {
  return `<!doctype html>
<html lang="${HTML_LANG[script]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${TURN_OFF_STYLESHEET_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** A link that is not (or no longer) valid: said in the three languages, naming no policy. */
function deniedPage(expired: boolean): string {
  const lines = expired
    ? ['This link has expired.', '此链接已过期。', '此連結已過期。']
    : ['This link is not valid.', '此链接无效。', '此連結無效。'];
  return page(
    'en',
    lines[0]!,
    `<h1>${escapeHtml(lines[0]!)}</h1>
<p>${escapeHtml(lines[1]!)}</p>
<p>${escapeHtml(lines[2]!)}</p>
<p class="note">${escapeHtml(COPY.en.contact('SGP'))}<br>${escapeHtml(COPY.en.contact('HKG'))}</p>`,
  );
}

/** The confirmation form (GET), or what is now so (POST, or GET when it is off already). */
function statePage(state: TOk, action: string, posted: boolean): string {
  const script = scriptFor(state.language, state.country);
  const copy = COPY[script];
  const e = escapeHtml;
  const contact = `<p class="note">${e(copy.contact(state.country))}</p>`;
  if (state.renewed && state.renewedPolicyNumber) {
    const { renewed } = state;
    const total = formatMoney(renewed.totalCents, state.country);
    const link = `/my-policy/policies/${encodeURIComponent(renewed.policyId)}`;
    return page(
      script,
      copy.renewedTitle,
      `<h1>${e(copy.renewedTitle)}</h1>
<p>${e(copy.renewed(total, state.renewedPolicyNumber, renewed.startDate, renewed.endDate))}</p>
<p>${e(copy.renewedManage)}</p>
<p><a href="${e(link)}">${e(copy.renewedLink(state.renewedPolicyNumber))}</a></p>
${contact}`,
    );
  }
  if (!posted && state.autoRenewal) {
    return page(
      script,
      copy.title,
      `<h1>${e(copy.title)}</h1>
<p>${e(copy.confirm(state.policyNumber, productWord(state.productType, script), state.endDate))}</p>
<p>${e(copy.effect)}</p>
<form method="post" action="${e(action)}">
<input type="hidden" name="confirm" value="off">
<button type="submit">${e(copy.button)}</button>
</form>
${contact}`,
    );
  }
  const message = state.changed ? copy.done(state.policyNumber) : copy.alreadyOff(state.policyNumber);
  return page(script, copy.title, `<h1>${e(copy.title)}</h1>\n<p>${e(message)}</p>\n${contact}`);
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .header('cache-control', 'no-store')
      // The link's signature is in the address: it must not travel on as a referrer.
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(html)
  );
}

const ZQuery = z.object({
  s: z.string().max(40).optional(),
  e: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

/**
 * The "e-service" of pa-home-payments section 9: the signed link in every renewal e-mail opens a
 * confirmation page (GET changes nothing: mail scanners follow links), and its form, posted to the
 * same address, turns auto-renewal off. No Session-Name: the customer comes from their mailbox.
 */
export async function renewalRoutes(
  app: FastifyInstance,
  options: { service: TRenewalService },
): Promise<void> {
  // Set here too so the plugin also works on its own (the app sets the same compilers).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['renewal'],
    params: z.object({ policyId: z.string().max(64) }),
    querystring: ZQuery,
    response: { 200: htmlPage('The page'), 403: htmlPage('The link is not valid or has expired') },
  };

  const handle =
    (apply: boolean) =>
    async (
      request: { params: { policyId: string }; query: z.infer<typeof ZQuery>; url: string },
      reply: FastifyReply,
    ) => {
      const state = await options.service.turnOff(request.params.policyId, request.query, apply);
      if (state.kind !== 'ok') return sendPage(reply, 403, deniedPage(state.kind === 'expired'));
      return sendPage(reply, 200, statePage(state, request.url, apply));
    };

  routes.get(
    `${TURN_OFF_PATH}/:policyId`,
    {
      schema: {
        ...schema,
        summary: 'The confirmation page behind the signed turn-off link of a renewal e-mail',
      },
    },
    handle(false),
  );
  routes.post(
    `${TURN_OFF_PATH}/:policyId`,
    {
      schema: {
        ...schema,
        summary: 'Turns auto-renewal off (the confirmation page’s form; idempotent)',
        consumes: ['application/x-www-form-urlencoded'],
        body: z
          .object({ confirm: z.string().max(10) })
          .partial()
          .optional(),
      },
    },
    handle(true),
  );
  app.get(TURN_OFF_STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(STYLESHEET),
  );
}
