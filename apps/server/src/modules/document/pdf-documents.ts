import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import {
  DOCUMENT_KINDS,
  DOCUMENT_PRODUCTS,
  documentName,
  parseDocumentName,
} from '@lionrock/domain/policy/document-names';
import {
  type TBenefitValue,
  type TPaBenefits,
  type TTravelBenefits,
  travelCoverTable,
} from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { THomeBenefits } from '@lionrock/domain/rating/benefits/home-benefits';
import type { THomeRateTable } from '@lionrock/domain/rating/home-rating';
import PDFDocument from 'pdfkit';
import type { TBenefitSchedules } from '../policy/benefit-schedules.ts';
import type { TDocumentRates } from '../policy/document-rates.ts';
import { hasDocument } from '../product/product-catalogue.ts';
import {
  DOCUMENT_TITLES,
  documentSections,
  productTitle,
  type TDocumentKind,
  type TProductKey,
  type TSection,
} from './wordings.ts';

/**
 * The documents of design section 5 (`travel-brochure`, `pa-policyWording`, …) as real PDFs, drawn
 * with pdfkit from the wording text and the benefit schedules. English only, in pdfkit's built-in fonts:
 * they carry no customer text (decisions 009 and 031; the policy schedule embeds CJK fonts).
 */
export type TDocumentName = { product: TProductKey; kind: TDocumentKind };

/**
 * A document the shop has (`travel-brochure` → travel / brochure); unknown or unavailable names → null.
 * Which documents a product has is the product catalogue's (decision 047).
 */
export function findDocument(name: string): TDocumentName | null {
  const found = parseDocumentName(name);
  return found && hasDocument(found.product, found.kind) ? found : null;
}

export function listDocumentNames(): string[] {
  return DOCUMENT_PRODUCTS.flatMap((product) =>
    DOCUMENT_KINDS.filter((kind) => hasDocument(product, kind)).map((kind) => documentName(product, kind)),
  );
}

const BRAND = '#0B3B5C';
const MUTED = '#555555';

/** A benefit's amount as the PDFs print it (brochures and policy schedules). */
export function benefitText(value: TBenefitValue, country: TCountry): string {
  if (value === 'UNLIMITED') return 'Unlimited';
  if (value === 'NOT_COVERED') return 'Not covered';
  if (value === 'INCLUDED') return 'Included';
  return formatMoney(value, country);
}

type TTable = { title: string; columns: string[]; rows: string[][] };

function travelTables(benefits: TTravelBenefits, country: TCountry, kind: TDocumentKind): TTable[] {
  const groups = travelCoverTable(benefits, country, 'ID').filter((group) =>
    kind === 'covid19Wording' ? group.key === 'covid' : kind === 'brochure',
  );
  return groups.map((group) => ({
    title: group.titleEn,
    columns: ['Benefit', 'Standard', 'Super'],
    rows: group.rows.map((row) => [
      row.labelEn,
      benefitText(row.STANDARD, country),
      benefitText(row.SUPER, country),
    ]),
  }));
}

function paTables(benefits: TPaBenefits, country: TCountry): TTable[] {
  const plans = benefits.markets[country];
  const keys = Object.keys(plans.A) as (keyof typeof plans.A)[];
  return [
    {
      title: 'Sums insured by plan',
      columns: ['Benefit', 'Plan A', 'Plan B', 'Plan C', 'Plan D'],
      rows: keys.map((key) => [
        benefits.labels[key]?.[0] ?? key,
        ...(['A', 'B', 'C', 'D'] as const).map((plan) => formatMoney(plans[plan][key], country)),
      ]),
    },
  ];
}

/**
 * The home benefit schedule per plan (decision 058): each row's limit, and its limit with the optional
 * cover; the plans, included contents and optional covers' premiums from the rate table in force.
 */
function homeTables(benefits: THomeBenefits, rates: THomeRateTable, country: TCountry): TTable[] {
  const plans = rates.plans;
  const market = rates.markets[country];
  const columns = ['Benefit', ...plans.map((plan) => plan.planDesc)];
  const contents = [
    `${benefits.contents.labelEn} (included; more can be chosen)`,
    ...plans.map((plan) => formatMoney(market.includedContentsCents[plan.planName], country)),
  ];
  return [
    ...benefits.groups.map((group, index) => ({
      title: group.titleEn,
      columns,
      rows: [
        ...(index === 0 ? [contents] : []),
        ...group.rows.flatMap((row) => {
          const base = plans.every((plan) => row.values[country][plan.planName] === 'NOT_COVERED');
          const lines = base
            ? []
            : [
                [
                  row.labelEn,
                  ...plans.map((plan) => benefitText(row.values[country][plan.planName], country)),
                ],
              ];
          if (row.withCover)
            lines.push([
              `${row.labelEn} (${base ? 'optional cover' : 'with the optional cover'})`,
              ...plans.map((plan) => benefitText(row.withCover![country][plan.planName], country)),
            ]);
          return lines;
        }),
      ],
    })),
    {
      title: 'Optional covers (annual premium, any plan)',
      columns: ['Cover', 'Premium'],
      rows: [
        ['Renovations', formatMoney(market.optionalCovers.RENOVATION, country)],
        ['Domestic helper', formatMoney(market.optionalCovers.HELPER_LIABILITY, country)],
        ['Portable valuables', formatMoney(market.optionalCovers.PORTABLE_VALUABLES, country)],
        ['Personal liability top-up', formatMoney(market.optionalCovers.LIABILITY_TOP_UP, country)],
      ],
    },
  ];
}

function tablesFor(
  name: TDocumentName,
  country: TCountry,
  benefits: TBenefitSchedules,
  rates: TDocumentRates,
): TTable[] {
  if (name.product === 'travel') return travelTables(benefits.travel, country, name.kind);
  if (name.kind !== 'brochure') return [];
  return name.product === 'pa'
    ? paTables(benefits.pa, country)
    : homeTables(benefits.home, rates.home, country);
}

function drawSections(doc: PDFKit.PDFDocument, sections: TSection[]): void {
  for (const section of sections) {
    const sub = section.level === 2;
    doc
      .moveDown(sub ? 0.6 : 0.8)
      .font('Helvetica-Bold')
      .fontSize(sub ? 11 : 13)
      .fillColor(BRAND)
      .text(section.heading);
    for (const paragraph of section.paragraphs) {
      doc.moveDown(0.4).font('Helvetica').fontSize(10).fillColor('black').text(paragraph, { align: 'left' });
    }
  }
}

function drawTable(doc: PDFKit.PDFDocument, table: TTable): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = width * (table.columns.length > 3 ? 0.36 : 0.5);
  const valueWidth = (width - labelWidth) / (table.columns.length - 1);
  const xOf = (index: number) => (index === 0 ? left : left + labelWidth + valueWidth * (index - 1));
  const widthOf = (index: number) => (index === 0 ? labelWidth - 8 : valueWidth - 8);
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height =
      Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: widthOf(index) }))) + 6;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, index) => {
      doc.fillColor(bold ? BRAND : 'black').text(cell, xOf(index), top + 3, {
        width: widthOf(index),
        align: index === 0 ? 'left' : 'right',
      });
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .strokeColor('#DDDDDD')
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text(table.title, left);
  doc.moveDown(0.3);
  drawRow(table.columns, true);
  for (const row of table.rows) drawRow(row, false);
}

/**
 * Renders one document from the benefit schedules and rate tables given (those in force, decisions 091
 * and 114); the creation date is the product's schedule's effective date.
 */
export function renderDocument(
  name: TDocumentName,
  country: TCountry,
  benefits: TBenefitSchedules,
  rates: TDocumentRates,
): Promise<Buffer> {
  const title = `${productTitle(name.product)} — ${DOCUMENT_TITLES[name.kind]}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: title,
      Author: 'Lionrock',
      Subject: `${country === 'SGP' ? 'Singapore' : 'Hong Kong'} edition`,
      CreationDate: new Date(`${benefits[name.product].effectiveDate}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(productTitle(name.product));
  doc.font('Helvetica').fontSize(14).fillColor(MUTED).text(DOCUMENT_TITLES[name.kind]);
  doc
    .fontSize(9)
    .text(
      `${country === 'SGP' ? 'Singapore' : 'Hong Kong'} edition · amounts in ${country === 'SGP' ? 'S$' : 'HK$'}`,
    );
  drawSections(doc, documentSections(name.product, name.kind, country, benefits, rates));
  for (const table of tablesFor(name, country, benefits, rates)) drawTable(doc, table);
  if (name.kind === 'policyWording') {
    doc.end();
    return done;
  }
  doc
    .moveDown(1.5)
    .font('Helvetica-Oblique')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'This document is a summary. The full terms, conditions and exclusions are in the policy wording and the schedule issued with your policy.',
      doc.page.margins.left,
    );
  doc.end();
  return done;
}
