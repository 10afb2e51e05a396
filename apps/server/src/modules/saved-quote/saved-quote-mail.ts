import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { formatDmy, todayIn } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import { MARKETS } from '@lionrock/domain/market/market';
import { SAVED_QUOTE_VALID_DAYS } from '@lionrock/domain/self-service/saved-quote-rules';
import type { TProductType } from '@lionrock/domain/tax/tax';
import { renderMail, type TRenderedMail } from '../notifications/mail-layout.ts';
import { productName, productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';

/**
 * The two mails of a journey saved for later (decision 076): the link the customer asked for, and the
 * one reminder of an abandoned journey (decision 077), in the customer's language and the product's
 * words from the product catalogue. Neither names the customer, an ID or a price: the link re-rates.
 */
export type TSavedQuoteMailKind = 'saved-quote' | 'saved-quote-reminder';
export const SAVED_QUOTE_MAIL_KINDS: readonly TSavedQuoteMailKind[] = ['saved-quote', 'saved-quote-reminder'];

export function isSavedQuoteMailKind(kind: string): kind is TSavedQuoteMailKind {
  return (SAVED_QUOTE_MAIL_KINDS as readonly string[]).includes(kind);
}

type TValues = { product: string; name: string; until: string; days: number };
type TCopy = {
  greeting: string;
  subject: Record<TSavedQuoteMailKind, (v: TValues) => string>;
  body: Record<TSavedQuoteMailKind, (v: TValues) => string[]>;
  link: (v: TValues) => string;
  optOut: string;
  /** A journey whose document carries a real agent: who it is; and the mail of one the agent prepared (decision 087). */
  agentLine: (a: TAgentValues) => string;
  preparedSubject: (v: TValues) => string;
  prepared: (v: TValues, a: TAgentValues) => string;
  preparedReminder: (v: TValues, a: TAgentValues) => string;
};
type TAgentValues = { agent: string; registrationNo: string };

/** The Chinese, written once in Simplified; Hong Kong's is derived from it (decision 110). */
const ZH_HANS: TCopy = {
  greeting: '您好：',
  subject: {
    'saved-quote': (v) => `您的${v.product}报价已保存，可随时继续`,
    'saved-quote-reminder': (v) => `您的${v.product}报价仍在等您完成`,
  },
  body: {
    'saved-quote': (v) => [
      `您已保存${v.name}的报价，稍后再完成。点击以下链接，即可在任何设备上从您离开的步骤继续。`,
      '打开链接时，我们会重新计算保费；如价格有变，我们会先让您看到新价格，再继续。',
    ],
    'saved-quote-reminder': (v) => [
      `您昨天开始了${v.name}的报价，但尚未完成。报价已为您保存：点击以下链接，即可在任何设备上从您离开的步骤继续。`,
      '打开链接时，我们会重新计算保费；如价格有变，我们会先让您看到新价格，再继续。我们只会发送这一次提醒。',
    ],
  },
  link: (v) => `继续您的报价（链接有效至 ${v.until}，即保存后${v.days}日）：`,
  optOut:
    '如您没有要求此邮件，请忽略：在您付款之前，不会购买任何保险。请勿将链接转给他人：任何持有链接的人都可查看此报价。',
  agentLine: (a) => `您的代理人：${a.agent}（注册编号：${a.registrationNo}）`,
  preparedSubject: (v) => `您的代理人为您准备了${v.product}报价`,
  prepared: (v, a) =>
    `您的代理人${a.agent}（注册编号：${a.registrationNo}）已为您准备了${v.name}的报价。点击以下链接，即可在任何设备上查看报价，确认后申请并付款。`,
  preparedReminder: (v, a) =>
    `您的代理人${a.agent}（注册编号：${a.registrationNo}）昨天为您准备了${v.name}的报价。报价已为您保存：点击以下链接，即可在任何设备上打开。`,
};

const COPY: Record<TScript, TCopy> = {
  en: {
    greeting: 'Hello,',
    subject: {
      'saved-quote': (v) => `Your ${v.product} quote is saved: continue when you are ready`,
      'saved-quote-reminder': (v) => `Your ${v.product} quote is still waiting for you`,
    },
    body: {
      'saved-quote': (v) => [
        `You saved your ${v.name} quote to finish later. The link below opens it where you left off, on any device.`,
        'We will check the price again when you open it: if it has changed, we show you the new one before you go on.',
      ],
      'saved-quote-reminder': (v) => [
        `You started a ${v.name} quote yesterday and did not finish it. It is saved: the link below opens it where you left off, on any device.`,
        'We will check the price again when you open it: if it has changed, we show you the new one before you go on. This is the only reminder we send.',
      ],
    },
    link: (v) => `Continue your quote (the link works until ${v.until}, ${v.days} days from the save):`,
    optOut:
      'Did not ask for this? You can ignore this e-mail: nothing is bought until you pay. Keep the link to yourself: anyone with it can see the quote.',
    agentLine: (a) => `Your agent: ${a.agent}, registration no. ${a.registrationNo}.`,
    preparedSubject: (v) => `Your agent prepared a ${v.product} quote for you`,
    prepared: (v, a) =>
      `Your agent ${a.agent} (registration no. ${a.registrationNo}) prepared this ${v.name} quote for you. The link below opens it on any device: check it, then apply and pay when you are ready.`,
    preparedReminder: (v, a) =>
      `Your agent ${a.agent} (registration no. ${a.registrationNo}) prepared a ${v.name} quote for you yesterday. It is saved: the link below opens it on any device.`,
  },
  'zh-Hans': ZH_HANS,
  'zh-Hant': hongKongChineseDeep(ZH_HANS),
};

export type TSavedQuoteMailInput = {
  kind: TSavedQuoteMailKind;
  productType: TProductType;
  country: TCountry;
  language: 'en' | 'zh';
  /** The link with its token (in the fragment: never sent to a server). */
  url: string;
  expiresAt: Date;
  /** The agent of the journey when its document carries a real one; `prepared` when made at the desk. */
  agent?: { name: string; registrationNo: string; prepared: boolean } | null;
};

/** The mail of a saved (or reminded) journey: subject, text and HTML. */
export function composeSavedQuoteMail(input: TSavedQuoteMailInput): TRenderedMail {
  const script = scriptFor(input.language, input.country);
  const copy = COPY[script];
  const until = formatDmy(todayIn(MARKETS[input.country].timeZone, input.expiresAt));
  const values: TValues = {
    product: productWord(input.productType, script),
    name: productName(input.productType, script),
    until,
    days: SAVED_QUOTE_VALID_DAYS,
  };
  const agent = input.agent ? { agent: input.agent.name, registrationNo: input.agent.registrationNo } : null;
  const prepared = agent && input.agent?.prepared ? agent : null;
  const subject =
    prepared && input.kind === 'saved-quote'
      ? copy.preparedSubject(values)
      : copy.subject[input.kind](values);
  const body = copy.body[input.kind](values);
  const opening = input.kind === 'saved-quote' ? copy.prepared : copy.preparedReminder;
  const paragraphs = prepared
    ? [opening(values, prepared), body[1]!]
    : [...body, ...(agent ? [copy.agentLine(agent)] : [])];
  return renderMail({
    script,
    subject,
    greeting: copy.greeting,
    blocks: [
      ...paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, lines: [paragraph] })),
      { kind: 'link', lines: [copy.link(values)], url: input.url },
      { kind: 'paragraph', lines: [copy.optOut] },
    ],
  });
}
