import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import { formatMoney } from '@lionrock/domain/money/money';
import { policyholderName } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { TCancellationBasis } from '@lionrock/domain/self-service/cancellation-rules';
import PDFDocument from 'pdfkit';
import { familyOrder, registerFonts, useFontFor } from '../document/pdf-fonts.ts';
import { oneLine, renderMail } from '../notifications/mail-layout.ts';
import { productName, productWord, scriptFor, type TScript } from '../product/product-catalogue.ts';

/**
 * The cancellation endorsement (a PDF) and the cancellation e-mail that carries it (decision 072), in
 * the policy's language: English, or Chinese in Simplified characters for Singapore and Traditional for
 * Hong Kong, with the embedded Noto fonts of the schedule (decision 031). Product words come from the
 * product catalogue (decision 047). No ID number and no more of a card than its last four digits.
 */
export type TCancellationFacts = {
  policyNumber: string;
  /** DD/MM/YYYY */
  periodStart: string;
  periodEnd: string;
  cancelledOn: string;
  basis: Exclude<TCancellationBasis, 'none'>;
  paidCents: number;
  refundCents: number;
  /** CC: back to the card; PN: a transfer made by operations. */
  method: 'CC' | 'PN';
  cardLast4: string;
  /** The refund's reference (decision 129), the one the customer quotes; absent when no refund is due. */
  refundReference?: string | null;
  /** When the cancellation was recorded: the PDF's date, so the same cancellation gives the same bytes. */
  recordedAt: Date;
};

type TValues = {
  product: string;
  number: string;
  date: string;
  refund: string;
  card: string;
};

type TCopy = {
  insurer: string;
  title: string;
  labels: {
    policyNumber: string;
    product: string;
    policyholder: string;
    period: string;
    cancelledOn: string;
    basis: string;
    paid: string;
    refund: string;
    refundBy: string;
    refundReference: string;
  };
  basis: Record<TCancellationFacts['basis'], string>;
  refundBy: (v: TValues, method: 'CC' | 'PN') => string;
  statement: (v: TValues) => string;
  greeting: (name: string) => string;
  genericGreeting: string;
  subject: (v: TValues) => string;
  body: (v: TValues, method: 'CC' | 'PN', refund: boolean) => string[];
  reference: (reference: string) => string;
  periodText: (start: string, end: string) => string;
};

const COPY: Record<Exclude<TScript, 'zh-Hant'>, TCopy> = {
  en: {
    insurer: 'Lionrock Insurance',
    title: 'Cancellation endorsement',
    labels: {
      policyNumber: 'Policy number',
      product: 'Product',
      policyholder: 'Policyholder',
      period: 'Period of insurance',
      cancelledOn: 'Cancelled with effect from',
      basis: 'Basis',
      paid: 'Premium paid',
      refund: 'Refund',
      refundBy: 'Refund paid',
      refundReference: 'Refund reference',
    },
    basis: {
      'free-look': 'Free-look cancellation: full refund',
      'short-period': 'Short-period cancellation: the unexpired months, less the administration charge',
    },
    refundBy: (v, method) =>
      method === 'CC'
        ? `To ${v.card}, within 7 to 14 working days`
        : 'By bank transfer, arranged by our operations team within 7 working days',
    statement: (v) =>
      `This endorsement forms part of policy ${v.number}. At the policyholder's request the policy is cancelled with effect from ${v.date}: cover ends on that date and the policy will not be renewed.`,
    greeting: (name) => `Dear ${name},`,
    genericGreeting: 'Dear customer,',
    subject: (v) => `Your Lionrock ${v.product} policy ${v.number} is cancelled`,
    body: (v, method, refund) => [
      `As you asked, your ${v.product} policy ${v.number} is cancelled with effect from ${v.date}. It will not be renewed.`,
      refund
        ? method === 'CC'
          ? `We are refunding ${v.refund} to ${v.card}. Your bank usually shows it within 7 to 14 working days.`
          : `We will refund ${v.refund} by bank transfer. Our operations team will contact you within 7 working days to arrange it.`
        : 'No refund is due.',
      'The cancellation endorsement is attached; please keep it with your policy.',
    ],
    periodText: (start, end) => `${start} to ${end}`,
    reference: (reference) =>
      `Your refund's reference is ${reference}. Please quote it if you ask us or your bank about this refund.`,
  },
  'zh-Hans': {
    insurer: '狮石保险',
    title: '保单注销批单',
    labels: {
      policyNumber: '保单号码',
      product: '产品',
      policyholder: '投保人',
      period: '保险期间',
      cancelledOn: '注销生效日期',
      basis: '注销方式',
      paid: '已缴保费',
      refund: '退款',
      refundBy: '退款方式',
      refundReference: '退款编号',
    },
    basis: {
      'free-look': '冷静期内注销：全额退款',
      'short-period': '短期注销：退还未满期月份的保费，扣除行政费',
    },
    refundBy: (v, method) =>
      method === 'CC' ? `退回${v.card}，约需7至14个工作日` : '银行转账，由我们的运营团队于7个工作日内安排',
    statement: (v) =>
      `本批单为保单 ${v.number} 的一部分。应投保人要求，本保单自 ${v.date} 起注销：保障于该日终止，保单不会续保。`,
    greeting: (name) => `尊敬的${name}：`,
    genericGreeting: '尊敬的客户：',
    subject: (v) => `您的狮石${v.product}保单 ${v.number} 已注销`,
    body: (v, method, refund) => [
      `按您的要求，您的${v.product}保单 ${v.number} 已自 ${v.date} 起注销，不会续保。`,
      refund
        ? method === 'CC'
          ? `我们将退还 ${v.refund} 至${v.card}。银行一般于7至14个工作日内入账。`
          : `我们将以银行转账退还 ${v.refund}。我们的运营团队将于7个工作日内联系您安排退款。`
        : '此次注销无须退款。',
      '随函附上保单注销批单，请与保单一并保存。',
    ],
    periodText: (start, end) => `${start} 至 ${end}`,
    reference: (reference) => `您的退款编号为 ${reference}。如就此退款向我们或您的银行查询，请提供此编号。`,
  },
};

/** Hong Kong's copy is derived from the Simplified one (decision 110): the customer's values as given. */
const COPY_BY_SCRIPT: Record<TScript, TCopy> = { ...COPY, 'zh-Hant': hongKongChineseDeep(COPY['zh-Hans']) };

/** Written once in Simplified; Hong Kong's is derived from it (decision 110). */
const CARD_ZH_HANS = (last4: string) => (last4 ? `您尾号为${last4}的信用卡` : '您的信用卡');
const CARD: Record<TScript, (last4: string) => string> = {
  en: (last4) => (last4 ? `your card ending ${last4}` : 'your card'),
  'zh-Hans': CARD_ZH_HANS,
  'zh-Hant': hongKongChineseDeep({ card: CARD_ZH_HANS }).card,
};

function valuesOf(policy: TPolicy, facts: TCancellationFacts, script: TScript): TValues {
  return {
    product: productWord(policy.productType, script),
    number: oneLine(facts.policyNumber),
    date: oneLine(facts.cancelledOn),
    refund: formatMoney(facts.refundCents, policy.country),
    card: CARD[script](/^\d{4}$/.test(facts.cardLast4) ? facts.cardLast4 : ''),
  };
}

/** The endorsement's file name: `cancellation-endorsement-TSG26-0001234.pdf`. */
export function endorsementFileName(policyNumber: string): string {
  return `cancellation-endorsement-${policyNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}

/** The cancellation endorsement PDF in `language` for the policy's market. */
export async function renderCancellationEndorsement(
  policy: TPolicy,
  facts: TCancellationFacts,
  language: 'en' | 'zh',
): Promise<Buffer> {
  const script = scriptFor(language, policy.country);
  const copy = COPY_BY_SCRIPT[script];
  const v = valuesOf(policy, facts, script);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: script,
    info: {
      Title: `${copy.title} ${facts.policyNumber}`,
      Author: copy.insurer,
      CreationDate: facts.recordedAt,
      ModDate: facts.recordedAt,
    },
  });
  registerFonts(doc);
  const order = familyOrder(script, policy.country);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  const line = (text: string, style: 'regular' | 'bold', size: number, color = 'black') =>
    useFontFor(doc, text, style, order).fontSize(size).fillColor(color).text(text, { width });

  line(copy.insurer, 'bold', 20, '#0B3B5C');
  line(copy.title, 'regular', 14, '#555555');
  doc.moveDown(1);
  const rows: [string, string][] = [
    [copy.labels.policyNumber, facts.policyNumber],
    [copy.labels.product, productName(policy.productType, script)],
    [copy.labels.policyholder, oneLine(policyholderName(policy))],
    [copy.labels.period, copy.periodText(facts.periodStart, facts.periodEnd)],
    [copy.labels.cancelledOn, facts.cancelledOn],
    [copy.labels.basis, copy.basis[facts.basis]],
    [copy.labels.paid, formatMoney(facts.paidCents, policy.country)],
    [copy.labels.refund, formatMoney(facts.refundCents, policy.country)],
  ];
  if (facts.refundCents > 0) rows.push([copy.labels.refundBy, copy.refundBy(v, facts.method)]);
  if (facts.refundCents > 0 && facts.refundReference)
    rows.push([copy.labels.refundReference, facts.refundReference]);
  for (const [label, value] of rows) {
    const top = doc.y;
    useFontFor(doc, label, 'bold', order)
      .fontSize(10)
      .fillColor('#0B3B5C')
      .text(label, 56, top, {
        width: width * 0.35,
      });
    const labelBottom = doc.y;
    useFontFor(doc, value, 'regular', order)
      .fontSize(10)
      .fillColor('black')
      .text(value || ' ', 56 + width * 0.37, top, { width: width * 0.63 });
    doc.y = Math.max(labelBottom, doc.y) + 6;
    doc.x = 56;
  }
  doc.moveDown(1);
  line(copy.statement(v), 'regular', 10);
  doc.end();
  return done;
}

export type TCancellationMail = { subject: string; text: string; html: string };

/** The cancellation e-mail to the policyholder (the endorsement goes with it as an attachment). */
export function composeCancellationMail(
  policy: TPolicy,
  facts: TCancellationFacts,
  language: 'en' | 'zh',
): TCancellationMail {
  const script = scriptFor(language, policy.country);
  const copy = COPY_BY_SCRIPT[script];
  const v = valuesOf(policy, facts, script);
  const name = oneLine(policyholderName(policy));
  const greeting = name ? copy.greeting(name) : copy.genericGreeting;
  const paragraphs = copy.body(v, facts.method, facts.refundCents > 0);
  if (facts.refundCents > 0 && facts.refundReference)
    paragraphs.splice(2, 0, copy.reference(oneLine(facts.refundReference)));
  return renderMail({
    script,
    subject: copy.subject(v),
    greeting,
    blocks: paragraphs.map((paragraph) => ({ kind: 'paragraph' as const, lines: [paragraph] })),
    contactCountry: policy.country,
    product: policy.productType,
  });
}
