import {
  addDays,
  addYears,
  formatDmy,
  parseDmy,
  type TLocalDate,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import { basePlanName } from '@lionrock/domain/display/price-display';
import { hasReducedPaBenefits } from '@lionrock/domain/eligibility/ages';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { formatMoney, type TCents } from '@lionrock/domain/money/money';
import { selectedPlanName } from '@lionrock/domain/policy/rate-policy';
import {
  PA_BENEFITS,
  paPlanBenefits,
  type TPaBenefitKey,
  TRAVEL_BENEFITS,
  travelCoverTable,
} from '@lionrock/domain/rating/benefits/benefit-schedules';
import { HOME_RATE_TABLE } from '@lionrock/domain/rating/home-rating';
import { PA_RATE_TABLE } from '@lionrock/domain/rating/pa-rating';
import type { TApplicant, TPolicy, TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { wireToCents } from '@lionrock/domain/schemas/wire-primitives';
import { TAX_TABLE, type TProductType } from '@lionrock/domain/tax/tax';
import { annualEndDate } from '@lionrock/domain/travel/trip-rules';
import PDFDocument from 'pdfkit';
import { benefitText } from '../document/pdf-documents.ts';
import { PRODUCT_TITLES, type TProductKey } from '../document/wordings.ts';

/**
 * The policy schedule issued with every paid policy: who and what is insured, for how long, under which
 * plan and benefits, and what was paid. English for both languages (decision 009: pdfkit's built-in
 * fonts have no Chinese glyphs); drawn in the style of the product documents (`document/pdf-documents.ts`).
 * ID numbers are masked: a full NRIC/FIN, HKID or passport number never appears in the PDF.
 */
export type TIssuedPolicy = {
  /** The stored, server-rated policy (wire format: amounts in dollars, dates DD/MM/YYYY). */
  document: TPolicy;
  policyNumber: string;
  receiptNumber: string;
  issuedAt: Date;
  language: 'en' | 'zh';
};

export const INSURER_NAME = 'Lionrock Insurance';

const PRODUCT_KEYS: Record<TProductType, TProductKey> = { PTR: 'travel', PAN: 'pa', PHM: 'home' };
const MARKET_NAMES: Record<TCountry, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };

/**
 * "S8512345I" → "S****345I": the first character and the last four, always four asterisks between
 * so the length is not shown either. Spaces and brackets are dropped first ("A123456(7)" → "A****4567");
 * a number too short to hide at least three characters keeps only its first character ("AB12" → "A****").
 */
export function maskIdNumber(id: string): string {
  const value = id.toUpperCase().replace(/[\s()-]/g, '');
  if (value === '') return '';
  if (value.length < 8) return `${value[0]}****`;
  return `${value[0]}****${value.slice(-4)}`;
}

/** The attachment's file name: `policy-schedule-TSG26-0001234.pdf`. */
export function scheduleFileName(policyNumber: string): string {
  return `policy-schedule-${policyNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}

// ---------------------------------------------------------------------------------------------------
// What the schedule and the e-mails say about a policy
// ---------------------------------------------------------------------------------------------------

type TProductPart = {
  applicant?: TApplicant;
  premiumItems: TWirePremiumItem[];
  policyPremium?: TWirePremiumItem;
};

function productPart(policy: TPolicy): TProductPart | undefined {
  if (policy.productType === 'PTR') return policy.policyTravel;
  if (policy.productType === 'PAN') return policy.policyPAN;
  return policy.policyHome;
}

/** The rated plan the customer bought: `policyPremium`, else the premium item of the selected plan. */
export function chosenPremium(policy: TPolicy): TWirePremiumItem {
  const part = productPart(policy);
  const name = selectedPlanName(policy);
  const chosen = part?.policyPremium ?? part?.premiumItems.find((item) => item.planName === name);
  if (!chosen) throw new Error(`the ${policy.productType} policy has no rated plan chosen`);
  return chosen;
}

/** The period of insurance, DD/MM/YYYY; an expiry the rating left out is derived as rating does. */
export function periodOfInsurance(policy: TPolicy): { start: string; end: string } {
  if (policy.productType === 'PTR') {
    const travel = policy.policyTravel;
    const start = travel?.deptDate ?? '';
    const departure = parseDmy(start);
    const end =
      travel?.returnDate ||
      (departure && travel?.paPolicyType === 'A' ? formatDmy(annualEndDate(departure)) : '');
    return { start, end };
  }
  const part = policy.productType === 'PAN' ? policy.policyPAN : policy.policyHome;
  const start = part?.effectiveDate ?? '';
  const effective = parseDmy(start);
  const derived = (date: TLocalDate) =>
    policy.productType === 'PAN' ? annualEndDate(date) : addDays(addYears(date, 1), -1);
  return { start, end: part?.expiryDate || (effective ? formatDmy(derived(effective)) : '') };
}

/** The policyholder's name: the applicant (a company's name for a corporate one), else the first insured. */
export function policyholderName(policy: TPolicy): string {
  const applicant = productPart(policy)?.applicant;
  if (applicant?.fullName.trim()) return applicant.fullName.trim();
  if (policy.productType === 'PTR') return policy.policyTravel?.travellersList[0]?.fullName.trim() ?? '';
  if (policy.productType === 'PAN') return policy.policyPAN?.insured.adult1?.lastName.trim() ?? '';
  return '';
}

export function policyholderEmail(policy: TPolicy): string {
  return productPart(policy)?.applicant?.email.trim() || policy.payment?.email?.trim() || '';
}

/** The date of issue in the market's own calendar. */
export function issueDate(issued: TIssuedPolicy): string {
  return formatDmy(todayIn(MARKETS[issued.document.country].timeZone, issued.issuedAt));
}

export function totalPaidCents(policy: TPolicy): TCents {
  return wireToCents(chosenPremium(policy).totalPremium);
}

// ---------------------------------------------------------------------------------------------------
// The schedule's content, as rows
// ---------------------------------------------------------------------------------------------------

type TRow = string[];
type TTable = { title: string; columns: string[]; widths: number[]; rows: TRow[]; boldLast?: boolean };

const ID_TYPE_LABELS: Record<string, string> = { NRIC: 'NRIC/FIN', HKID: 'HKID', PASSPORT: 'Passport' };

function maskedId(idType: string, id: string): string {
  const masked = maskIdNumber(id);
  return masked === '' ? '-' : `${ID_TYPE_LABELS[idType] ?? idType} ${masked}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function coverType(policy: TPolicy): string {
  if (policy.productType === 'PTR') {
    const travel = policy.policyTravel!;
    const trip = travel.paPolicyType === 'A' ? 'Annual multi-trip' : 'Single trip';
    if (travel.travellerType === 'CP') return `${trip}, couple`;
    if (travel.travellerType === 'FM') {
      const children =
        travel.travellerChild > 0 ? `, ${plural(travel.travellerChild, 'child', 'children')}` : '';
      return `${trip}, family (${plural(travel.travellerAdult, 'adult', 'adults')}${children})`;
    }
    return `${trip}, individual (${plural(travel.travellerIndividual, 'traveller', 'travellers')})`;
  }
  if (policy.productType === 'PAN') {
    const pa = policy.policyPAN!;
    if (pa.insuredPersonType !== 'family') return 'Annual, individual';
    const children =
      pa.family.noOfChildren > 0 ? `, ${plural(pa.family.noOfChildren, 'child', 'children')}` : '';
    return `Annual, family (${plural(pa.family.numberOfAdults, 'adult', 'adults')}${children})`;
  }
  const home = policy.policyHome!;
  return `Annual, ${dwellingLabel(home.dwellingType, policy.country)}, ${home.ownership === 'OWNER' ? 'owner' : 'tenant'}`;
}

function dwellingLabel(type: 'HDB' | 'CONDO' | 'LANDED', country: TCountry): string {
  if (type === 'HDB') return country === 'SGP' ? 'HDB flat' : 'Public housing flat';
  return type === 'CONDO' ? 'Condominium or apartment' : 'Landed house';
}

function destination(policy: TPolicy): string {
  const travel = policy.policyTravel!;
  return travel.journey?.trim() || (travel.journeyCode === '3' ? 'Worldwide' : 'Asia Pacific');
}

function policyRows(issued: TIssuedPolicy, plan: TWirePremiumItem): TRow[] {
  const policy = issued.document;
  const period = periodOfInsurance(policy);
  const plus = / PLUS$/.test(plan.planName) ? ' (with the Plus top-up)' : '';
  const rows: TRow[] = [
    ['Policy number', issued.policyNumber],
    ['Receipt number', issued.receiptNumber],
    ['Date of issue', issueDate(issued)],
    ['Product', PRODUCT_TITLES[PRODUCT_KEYS[policy.productType]]],
    ['Market', `${MARKET_NAMES[policy.country]} (amounts in ${MARKETS[policy.country].currencySymbol})`],
    ['Plan', `${plan.planDesc?.trim() || plan.planName}${plus}`],
    ['Plan code', plan.planCode],
    ['Cover type', coverType(policy)],
    ['Period of insurance', `${period.start} to ${period.end}, both days included`],
  ];
  if (policy.productType === 'PTR') rows.push(['Destination', destination(policy)]);
  return rows;
}

function policyholderRows(policy: TPolicy): TRow[] {
  const applicant = productPart(policy)?.applicant;
  const name = policyholderName(policy);
  const rows: TRow[] =
    applicant?.clientType === 'C'
      ? [
          ['Company name', name],
          ['UEN', applicant.uen || '-'],
        ]
      : [['Name', name]];
  if (applicant?.clientType === 'C' && applicant.forAttentionOf?.trim())
    rows.push(['For the attention of', applicant.forAttentionOf.trim()]);
  rows.push(['E-mail', policyholderEmail(policy) || '-']);
  const mobile = applicant?.mobileNo.trim();
  rows.push(['Mobile', mobile ? `+${applicant!.mobileNoCountryCode} ${mobile}` : '-']);
  return rows;
}

function insuredTable(policy: TPolicy): TTable {
  const paCovers = PA_RATE_TABLE.markets[policy.country].optionalCovers;
  if (policy.productType === 'PTR') {
    return {
      title: 'Insured persons',
      columns: ['No.', 'Name', 'Traveller', 'ID number'],
      widths: [0.08, 0.46, 0.2, 0.26],
      rows: policy.policyTravel!.travellersList.map((traveller, index) => [
        String(traveller.insuredNum ?? index + 1),
        traveller.fullName,
        traveller.type === 'CHILD'
          ? traveller.fullTimeStudent === 'YES'
            ? 'Child (student)'
            : 'Child'
          : 'Adult',
        maskedId(traveller.idType, traveller.hkId),
      ]),
    };
  }
  if (policy.productType === 'PAN') {
    const pa = policy.policyPAN!;
    const family = pa.insuredPersonType === 'family';
    const adults = [
      pa.insured.adult1,
      family && pa.family.numberOfAdults > 1 ? pa.insured.adult2 : undefined,
    ];
    const people = [
      ...adults.flatMap((adult, index) =>
        adult ? [{ person: adult, role: index === 0 ? 'Adult' : 'Spouse' }] : [],
      ),
      ...(family ? pa.insured.children.map((child) => ({ person: child, role: 'Child' })) : []),
    ];
    return {
      title: 'Insured persons',
      columns: ['No.', 'Name', 'Insured', 'ID number', 'Optional covers'],
      widths: [0.07, 0.33, 0.12, 0.22, 0.26],
      rows: people.map(({ person, role }, index) => [
        String(index + 1),
        person.lastName,
        role,
        maskedId(person.idType, person.hkId),
        person.optionalCovers.map((code) => paCovers[code]?.label ?? code).join(', ') || 'None',
      ]),
    };
  }
  const applicant = policy.policyHome?.applicant;
  return {
    title: 'Insured person',
    columns: ['No.', 'Name', 'Insured', 'ID number'],
    widths: [0.08, 0.46, 0.2, 0.26],
    rows: [
      [
        '1',
        policyholderName(policy),
        'Policyholder',
        applicant?.clientType === 'C'
          ? `UEN ${applicant.uen || '-'}`
          : maskedId(applicant?.idType ?? '', applicant?.hkId ?? ''),
      ],
    ],
  };
}

function homeAddress(policy: TPolicy): string {
  const home = policy.policyHome!;
  // "123 Tampines Street 11" in Singapore; "Flat 12A, Tower 3, 18 Harbour Road" in Hong Kong.
  const street = [home.blockOrHouseNo, home.streetName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(policy.country === 'SGP' ? ' ' : ', ');
  const place =
    policy.country === 'SGP' ? `Singapore${home.postalCode ? ` ${home.postalCode}` : ''}` : 'Hong Kong';
  return [street, home.unitNo?.trim(), place].filter(Boolean).join(', ');
}

function propertyRows(policy: TPolicy): TRow[] {
  const home = policy.policyHome!;
  return [
    ['Insured address', homeAddress(policy)],
    ['Dwelling', dwellingLabel(home.dwellingType, policy.country)],
    ['Occupied as', home.ownership === 'OWNER' ? 'Owner' : 'Tenant'],
  ];
}

function travelBenefitTables(policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  const base = basePlanName(plan.planName) === 'SUPER' ? 'SUPER' : 'STANDARD';
  const groups = travelCoverTable(TRAVEL_BENEFITS, policy.country, policy.policyTravel!.travellerType);
  return groups.map((group, index) => ({
    title: index === 0 ? `Benefits: ${plan.planDesc?.trim() || plan.planName} plan` : '',
    columns: [group.titleEn, 'Limit'],
    widths: [0.7, 0.3],
    rows: group.rows.map((row) => [row.labelEn, benefitText(row[base], policy.country)]),
  }));
}

function paBenefitTables(policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  const pa = policy.policyPAN!;
  const letter = (pa.selectedPlan ?? /^[ABCD]$/.exec(plan.planName)?.[0] ?? 'A') as 'A' | 'B' | 'C' | 'D';
  const sums = paPlanBenefits(PA_BENEFITS, policy.country, letter);
  const adults = [pa.insured.adult1, pa.insuredPersonType === 'family' ? pa.insured.adult2 : undefined];
  const ttdChosen = adults.some((adult) => adult?.optionalCovers.includes('TTD'));
  const keys = Object.keys(sums) as TPaBenefitKey[];
  const rows = keys.map((key) => {
    const label = PA_BENEFITS.labels[key]?.[0] ?? key;
    if (key === 'ttdWeekly' && !ttdChosen) return [`${label} (optional cover)`, 'Not covered'];
    return [label, formatMoney(sums[key], policy.country)];
  });
  const effective = parseDmy(pa.effectiveDate);
  for (const adult of adults) {
    if (adult && effective && hasReducedPaBenefits(policy.country, adult.dateOfBirth, effective)) {
      rows.push([
        `Accidental death and permanent disablement for ${adult.lastName} (aged 65 to 70)`,
        formatMoney(
          paPlanBenefits(PA_BENEFITS, policy.country, letter, true).accidentalDeath,
          policy.country,
        ),
      ]);
    }
  }
  return [
    {
      title: `Benefits: Plan ${letter} (sums insured per insured person)`,
      columns: ['Benefit', 'Sum insured'],
      widths: [0.7, 0.3],
      rows,
    },
  ];
}

function homeBenefitTables(policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  const home = policy.policyHome!;
  const market = HOME_RATE_TABLE.markets[policy.country];
  const planName = (home.selectedPlan ?? plan.planName) as keyof typeof market.includedContentsCents;
  const included = market.includedContentsCents[planName] ?? 0;
  const contents = Math.max(wireToCents(home.contentsSumInsured), included);
  const cover = (code: 'RENOVATION' | 'HELPER_LIABILITY' | 'PORTABLE_VALUABLES') =>
    home.optionalCovers.includes(code) ? 'Included' : 'Not covered';
  return [
    {
      title: `Benefits: ${plan.planDesc?.trim() || plan.planName} plan`,
      columns: ['Cover', 'Sum insured'],
      widths: [0.7, 0.3],
      rows: [
        ['Household contents', formatMoney(contents, policy.country)],
        ['Building and fixtures', home.ownership === 'OWNER' ? 'Included' : 'Not covered (tenant)'],
        ['Renovations (optional cover)', cover('RENOVATION')],
        ['Domestic helper liability (optional cover)', cover('HELPER_LIABILITY')],
        ['Portable valuables (optional cover)', cover('PORTABLE_VALUABLES')],
      ],
    },
  ];
}

function benefitTables(policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  if (policy.productType === 'PTR') return travelBenefitTables(policy, plan);
  if (policy.productType === 'PAN') return paBenefitTables(policy, plan);
  return homeBenefitTables(policy, plan);
}

/** "GST 9%", "GST 0% (outbound travel is zero-rated)", "IA levy 0.1%": the rate from the tax table. */
export function taxLabel(country: TCountry, product: TProductType): string {
  const table = TAX_TABLE[country];
  const rate = `${table.basisPoints[product] / 100}%`;
  if (table.kind === 'levy') return `IA levy ${rate}`;
  return table.basisPoints[product] === 0 ? `GST ${rate} (outbound travel is zero-rated)` : `GST ${rate}`;
}

function premiumTable(policy: TPolicy, plan: TWirePremiumItem): TTable {
  const money = (cents: TCents) => formatMoney(cents, policy.country);
  const cents = (amount: number | undefined) => (amount === undefined ? 0 : wireToCents(amount));
  const premium = cents(plan.premium);
  const totalDiscount = cents(plan.totalDiscount);
  const rows: TRow[] = [
    ['Premium before discount', money(cents(plan.premiumWithoutDiscount) || premium + totalDiscount)],
  ];
  const discounts: [string, number][] = [
    ['Campaign and promotion discount', cents(plan.campaignDiscount)],
    ['Family discount', cents(plan.groupDiscount)],
    ['Agent commission discount', cents(plan.insuredCommissionDiscount)],
  ];
  const itemised = discounts.reduce((sum, [, amount]) => sum + amount, 0);
  if (itemised === 0 && totalDiscount > 0) discounts.push(['Discount', totalDiscount]);
  for (const [label, amount] of discounts) if (amount > 0) rows.push([label, money(-amount)]);
  rows.push(['Premium after discount', money(premium)]);
  const tax = TAX_TABLE[policy.country].kind === 'gst' ? cents(plan.gst) : cents(plan.levy);
  rows.push([taxLabel(policy.country, policy.productType), money(tax)]);
  rows.push(['Total paid', money(cents(plan.totalPremium))]);
  return { title: 'Premium', columns: ['', 'Amount'], widths: [0.7, 0.3], rows, boldLast: true };
}

// ---------------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------------

const BRAND = '#0B3B5C';
const MUTED = '#555555';
const RULE = '#DDDDDD';
const FOOTER_HEIGHT = 28;
const CLOSING_NOTE =
  'This schedule forms part of your policy: read it with the policy wording, which sets out the full terms, conditions and exclusions. Please check the details above and tell us at once if anything is wrong. ID numbers are shown in part only, to protect your personal data.';

function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: PDFKit.PDFDocument, title: string): void {
  ensureRoom(doc, 60);
  doc
    .moveDown(0.8)
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(BRAND)
    .text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

function drawRow(
  doc: PDFKit.PDFDocument,
  cells: string[],
  widths: number[],
  style: { bold: boolean; header: boolean; alignLastRight: boolean },
): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const xs = widths.map((_, index) => left + width * widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const cellWidth = (index: number) => width * widths[index]! - 8;
  doc.font(style.bold || style.header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const height =
    Math.max(...cells.map((cell, index) => doc.heightOfString(cell || ' ', { width: cellWidth(index) }))) + 6;
  ensureRoom(doc, height);
  const top = doc.y;
  cells.forEach((cell, index) => {
    const last = index === cells.length - 1 && index > 0;
    doc.fillColor(style.header ? BRAND : 'black').text(cell, xs[index]!, top + 3, {
      width: cellWidth(index),
      align: last && style.alignLastRight ? 'right' : 'left',
    });
  });
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .strokeColor(RULE)
    .stroke();
  doc.x = left;
  doc.y = top + height;
}

function drawTable(doc: PDFKit.PDFDocument, table: TTable, alignLastRight = true): void {
  if (table.title) heading(doc, table.title);
  else doc.moveDown(0.5);
  if (table.columns.some((column) => column !== ''))
    drawRow(doc, table.columns, table.widths, { bold: false, header: true, alignLastRight });
  table.rows.forEach((row, index) => {
    const bold = table.boldLast === true && index === table.rows.length - 1;
    drawRow(doc, row, table.widths, { bold, header: false, alignLastRight });
  });
}

function drawDetails(doc: PDFKit.PDFDocument, title: string, rows: TRow[]): void {
  drawTable(doc, { title, columns: [], widths: [0.32, 0.68], rows }, false);
}

function drawFooters(doc: PDFKit.PDFDocument, policyNumber: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const left = doc.page.margins.left;
    const y = doc.page.height - bottom + (bottom - FOOTER_HEIGHT) / 2;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + contentWidth(doc), y - 6)
      .strokeColor(RULE)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${INSURER_NAME} · Policy Schedule ${policyNumber}`, left, y, {
        width: contentWidth(doc),
        align: 'left',
        lineBreak: false,
      })
      .text(`Page ${index - range.start + 1} of ${range.count}`, left, y, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Renders the schedule of an issued policy. The creation date is the issue time, so the same issued
 * policy gives the same bytes. Rejects when the policy has no rated plan chosen.
 */
export async function renderPolicySchedule(issued: TIssuedPolicy): Promise<Buffer> {
  const policy = issued.document;
  const plan = chosenPremium(policy);
  const productTitle = PRODUCT_TITLES[PRODUCT_KEYS[policy.productType]];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    bufferPages: true,
    info: {
      Title: `Policy Schedule ${issued.policyNumber}`,
      Author: INSURER_NAME,
      Subject: `${productTitle}, ${MARKET_NAMES[policy.country]}`,
      CreationDate: issued.issuedAt,
      ModDate: issued.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(INSURER_NAME);
    doc.font('Helvetica').fontSize(14).fillColor(MUTED).text('Policy Schedule');
    doc.fontSize(9).text(`${productTitle} · ${MARKET_NAMES[policy.country]}`);

    drawDetails(doc, 'The policy', policyRows(issued, plan));
    drawDetails(doc, 'Policyholder', policyholderRows(policy));
    if (policy.productType === 'PHM') drawDetails(doc, 'Insured property', propertyRows(policy));
    drawTable(doc, insuredTable(policy), false);
    for (const table of benefitTables(policy, plan)) drawTable(doc, table);
    drawTable(doc, premiumTable(policy, plan));

    doc.font('Helvetica-Oblique').fontSize(8).fillColor(MUTED);
    const noteHeight = doc.heightOfString(CLOSING_NOTE, { width: contentWidth(doc) });
    ensureRoom(doc, noteHeight + 16);
    doc.y += 12;
    doc.text(CLOSING_NOTE, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
    drawFooters(doc, issued.policyNumber);
  } catch (error) {
    doc.end();
    await done;
    throw error;
  }
  doc.end();
  return done;
}
