import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import { formatDmy, parseDmy, todayIn } from '@lionrock/domain/dates/local-date';
import { planLabel } from '@lionrock/domain/display/plan-label';
import { basePlanName } from '@lionrock/domain/display/price-display';
import { homeContents } from '@lionrock/domain/home/home-contents';
import { hkDistrictName, type THomePlan } from '@lionrock/domain/home/home-model';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { formatMoney, type TCents } from '@lionrock/domain/money/money';
import { paBenefitRows, type TPaBenefitRow, type TPaPlanLetter } from '@lionrock/domain/pa/pa-benefits';
import {
  chosenPremium,
  maskIdNumber,
  periodOfInsurance,
  policyholderEmail,
  policyholderName,
  productPart,
} from '@lionrock/domain/policy/policy-facts';
import { type TBenefitValue, travelCoverTable } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { homeCoverTable } from '@lionrock/domain/rating/benefits/home-benefits';
import type { TPolicy, TPolicyHome, TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { wireToCents } from '@lionrock/domain/schemas/wire-primitives';
import { TAX_TABLE, type TProductType } from '@lionrock/domain/tax/tax';
import { destinationOf } from '@lionrock/domain/travel/trip-rules';
import PDFDocument from 'pdfkit';
import type { TBenefitSchedules } from '../policy/benefit-schedules.ts';
import type { TDocumentRates } from '../policy/document-rates.ts';
import { productName, scriptFor } from '../product/product-catalogue.ts';
import { benefitText } from './pdf-documents.ts';
import {
  baselineShift,
  familyOrder,
  registerFonts,
  type TFontStyle,
  type TScript,
  useFontFor,
} from './pdf-fonts.ts';
import { fill, scheduleCopy, type TScheduleCopy } from './schedule-copy.ts';

/**
 * The policy schedule issued with every paid policy: who and what is insured, for how long, under which
 * plan and benefits, and what was paid. In the policy's language (decision 031): English, or Chinese in
 * Simplified characters for Singapore and Traditional for Hong Kong, with embedded Noto fonts so every
 * name and address prints as typed; drawn in the style of the product documents (`document/pdf-documents.ts`).
 * ID numbers are masked: a full NRIC/FIN, HKID or passport number never appears in the PDF.
 */
export type TIssuedPolicy = {
  /** The stored, server-rated policy (wire format: amounts in dollars, dates DD/MM/YYYY). */
  document: TPolicy;
  policyNumber: string;
  receiptNumber: string;
  issuedAt: Date;
  language: 'en' | 'zh';
  /**
   * The changes since the sale, oldest first (the premium ledger, decisions 142 and 144): the schedule
   * prints each, so it says what the policy is now as well as what was sold.
   */
  endorsements?: TScheduleEndorsement[];
};

/** An endorsement as the schedule prints it: from when (DD/MM/YYYY), what, the year's premium after it, the difference. */
export type TScheduleEndorsement = {
  kind: string;
  from: string;
  totalCents: number;
  differenceCents: number;
};

/** The attachment's file name: `policy-schedule-TSG26-0001234.pdf`. */
export function scheduleFileName(policyNumber: string): string {
  return `policy-schedule-${policyNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}

// ---------------------------------------------------------------------------------------------------
// What the schedule and the e-mails say about a policy
// ---------------------------------------------------------------------------------------------------

/** The date of issue in the market's own calendar. */
function issueDate(issued: TIssuedPolicy): string {
  return formatDmy(todayIn(MARKETS[issued.document.country].timeZone, issued.issuedAt));
}

// ---------------------------------------------------------------------------------------------------
// The schedule's content, as rows
// ---------------------------------------------------------------------------------------------------

type TRow = string[];
type TTable = { title: string; columns: string[]; widths: number[]; rows: TRow[]; boldLast?: boolean };

/**
 * What one schedule is drawn with: the copy of its language and script, the market it is for, and the
 * benefit schedules and rate tables in force on the day its cover starts (decisions 091, 098 and 114).
 */
type TSchedule = {
  copy: TScheduleCopy;
  script: TScript;
  country: TCountry;
  benefits: TBenefitSchedules;
  rates: TDocumentRates;
};

/** English, or Chinese in Simplified characters for Singapore and Traditional for Hong Kong. */
function scheduleScript(issued: TIssuedPolicy): TScript {
  return scriptFor(issued.language, issued.document.country);
}

/** A Chinese label of the benefit schedules (written in Simplified) in the schedule's script. */
function zhLabel(s: TSchedule, label: string): string {
  return s.script === 'zh-Hant' ? hongKongChinese(label) : label;
}

function maskedId(s: TSchedule, idType: string, id: string): string {
  const masked = maskIdNumber(id);
  return masked === '' ? '-' : `${s.copy.idTypes[idType] ?? idType} ${masked}`;
}

function plural(count: number, forms: [string, string]): string {
  return fill(count === 1 ? forms[0] : forms[1], { count });
}

function coverType(s: TSchedule, policy: TPolicy): string {
  const { copy } = s;
  if (policy.productType === 'PTR') {
    const travel = policy.policyTravel!;
    const trip = travel.paPolicyType === 'A' ? copy.trips.annual : copy.trips.single;
    if (travel.travellerType === 'CP') return fill(copy.cover.couple, { trip });
    if (travel.travellerType === 'FM') {
      const people = [plural(travel.travellerAdult, copy.counts.adult)];
      if (travel.travellerChild > 0) people.push(plural(travel.travellerChild, copy.counts.child));
      return fill(copy.cover.family, { trip, people: people.join(copy.listSeparator) });
    }
    return fill(copy.cover.individual, {
      trip,
      people: plural(travel.travellerIndividual, copy.counts.traveller),
    });
  }
  if (policy.productType === 'PAN') {
    const pa = policy.policyPAN!;
    if (pa.insuredPersonType !== 'family') return copy.cover.paIndividual;
    const people = [plural(pa.family.numberOfAdults, copy.counts.adult)];
    if (pa.family.noOfChildren > 0) people.push(plural(pa.family.noOfChildren, copy.counts.child));
    return fill(copy.cover.paFamily, { people: people.join(copy.listSeparator) });
  }
  const home = policy.policyHome!;
  const occupancy = {
    OWNER: copy.occupancy.owner,
    TENANT: copy.occupancy.tenant,
    LANDLORD: copy.occupancy.landlord,
  };
  return fill(copy.cover.home, {
    dwelling: dwellingLabel(s, home),
    occupancy: occupancy[home.ownership],
  });
}

/**
 * The dwelling as it was rated (decision 057): a Singapore HDB flat by its type, a Hong Kong flat by its
 * floor area and building age; a policy stored before either was asked shows its dwelling type.
 */
function dwellingLabel(s: TSchedule, home: TPolicyHome): string {
  const { copy } = s;
  if (s.country === 'HKG' && home.floorArea && home.buildingAge)
    return fill(copy.hongKongFlat, {
      area: copy.floorAreas[home.floorArea],
      age: copy.buildingAges[home.buildingAge],
    });
  if (home.dwellingType === 'HDB') {
    if (s.country === 'SGP' && home.hdbFlatType) return copy.hdbFlatTypes[home.hdbFlatType];
    return s.country === 'SGP' ? copy.dwellings.hdbSgp : copy.dwellings.hdbHkg;
  }
  return home.dwellingType === 'CONDO' ? copy.dwellings.condo : copy.dwellings.landed;
}

function destination(s: TSchedule, policy: TPolicy): string {
  const travel = policy.policyTravel!;
  // Chinese from the domain's destination list (travel-flow section 4), in the schedule's script.
  if (s.script !== 'en') return zhLabel(s, destinationOf(travel.journeyCode).journeyCh);
  const fallback =
    travel.journeyCode === '3' ? s.copy.destinations.worldwide : s.copy.destinations.asiaPacific;
  return travel.journey?.trim() || fallback;
}

/**
 * The plan's name in a language's script, once and as the customer chose it (the domain's `planLabel`,
 * issue 29): "Plan A", "Super Plus", "尊尚加強版". The mails and my policy name it as the schedule does.
 */
export function planNameIn(script: TScript, plan: TWirePremiumItem, _country: TCountry): string {
  const name = planLabel(plan, script === 'en' ? 'en' : 'zh');
  return script === 'zh-Hant' ? hongKongChinese(name) : name;
}

function planNameOf(s: Pick<TSchedule, 'script' | 'country'>, plan: TWirePremiumItem): string {
  return planNameIn(s.script, plan, s.country);
}

function policyRows(s: TSchedule, issued: TIssuedPolicy, plan: TWirePremiumItem): TRow[] {
  const { copy } = s;
  const policy = issued.document;
  const period = periodOfInsurance(policy);
  const rows: TRow[] = [
    [copy.labels.policyNumber, issued.policyNumber],
    [copy.labels.receiptNumber, issued.receiptNumber],
    [copy.labels.dateOfIssue, issueDate(issued)],
    [copy.labels.product, productName(policy.productType, s.script)],
    [
      copy.labels.market,
      fill(copy.marketValue, {
        market: copy.markets[policy.country],
        currency: MARKETS[policy.country].currencySymbol,
      }),
    ],
    [copy.labels.plan, planNameOf(s, plan)],
    [copy.labels.coverType, coverType(s, policy)],
    [copy.labels.period, fill(copy.period, { start: period.start, end: period.end })],
  ];
  if (policy.productType === 'PTR') rows.push([copy.labels.destination, destination(s, policy)]);
  const voucher = policy.campaignVoucher;
  if (voucher)
    rows.push([
      copy.labels.voucher,
      (s.script === 'en' ? voucher.description : voucher.descriptionCn || voucher.description) ||
        formatMoney(wireToCents(voucher.amount), policy.country),
    ]);
  return rows;
}

function policyholderRows(s: TSchedule, policy: TPolicy): TRow[] {
  const { copy } = s;
  const applicant = productPart(policy)?.applicant;
  const name = policyholderName(policy);
  const rows: TRow[] =
    applicant?.clientType === 'C'
      ? [
          [copy.labels.companyName, name],
          [copy.labels.uen, applicant.uen || '-'],
        ]
      : [[copy.labels.name, name]];
  if (applicant?.clientType === 'C' && applicant.forAttentionOf?.trim())
    rows.push([copy.labels.attention, applicant.forAttentionOf.trim()]);
  rows.push([copy.labels.email, policyholderEmail(policy) || '-']);
  const mobile = applicant?.mobileNo.trim();
  rows.push([copy.labels.mobile, mobile ? `+${applicant!.mobileNoCountryCode} ${mobile}` : '-']);
  return rows;
}

function insuredTable(s: TSchedule, policy: TPolicy): TTable {
  const { copy } = s;
  const paCovers = s.rates.pa.markets[policy.country].optionalCovers;
  const paCoverLabel = (code: string) =>
    s.script === 'en' ? (paCovers[code]?.label ?? code) : zhLabel(s, copy.paOptionalCovers[code] ?? code);
  if (policy.productType === 'PTR') {
    return {
      title: copy.sections.insuredPersons,
      columns: [copy.columns.no, copy.columns.name, copy.columns.traveller, copy.columns.idNumber],
      widths: [0.08, 0.46, 0.2, 0.26],
      rows: policy.policyTravel!.travellersList.map((traveller, index) => [
        String(traveller.insuredNum ?? index + 1),
        traveller.fullName,
        traveller.type === 'CHILD'
          ? traveller.fullTimeStudent === 'YES'
            ? copy.roles.student
            : copy.roles.child
          : copy.roles.adult,
        maskedId(s, traveller.idType, traveller.hkId),
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
        adult ? [{ person: adult, role: index === 0 ? copy.roles.adult : copy.roles.spouse }] : [],
      ),
      ...(family ? pa.insured.children.map((child) => ({ person: child, role: copy.roles.child })) : []),
    ];
    return {
      title: copy.sections.insuredPersons,
      columns: [
        copy.columns.no,
        copy.columns.name,
        copy.columns.insured,
        copy.columns.idNumber,
        copy.columns.optionalCovers,
      ],
      widths: [0.07, 0.33, 0.12, 0.22, 0.26],
      rows: people.map(({ person, role }, index) => [
        String(index + 1),
        person.lastName,
        role,
        maskedId(s, person.idType, person.hkId),
        person.optionalCovers.map(paCoverLabel).join(copy.listSeparator) || copy.none,
      ]),
    };
  }
  const applicant = policy.policyHome?.applicant;
  return {
    title: copy.sections.insuredPerson,
    columns: [copy.columns.no, copy.columns.name, copy.columns.insured, copy.columns.idNumber],
    widths: [0.08, 0.46, 0.2, 0.26],
    rows: [
      [
        '1',
        policyholderName(policy),
        copy.roles.policyholder,
        applicant?.clientType === 'C'
          ? `UEN ${applicant.uen || '-'}`
          : maskedId(s, applicant?.idType ?? '', applicant?.hkId ?? ''),
      ],
    ],
  };
}

function homeAddress(s: TSchedule, policy: TPolicy): string {
  const home = policy.policyHome!;
  // "123 Tampines Street 11" in Singapore; "Flat 12A, Tower 3, 18 Harbour Road" in Hong Kong.
  const street = [home.blockOrHouseNo, home.streetName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(policy.country === 'SGP' ? ' ' : ', ');
  const placeName = s.copy.places[policy.country];
  const place = policy.country === 'SGP' && home.postalCode ? `${placeName} ${home.postalCode}` : placeName;
  // Hong Kong: the district from the domain's list, in the schedule's language (decision 057).
  const language = s.script === 'en' ? 'en' : s.script === 'zh-Hant' ? 'zhHant' : 'zhHans';
  const district =
    policy.country === 'HKG' && home.district ? hkDistrictName(home.district, language) : undefined;
  if (policy.country === 'HKG')
    // Flat, floor and block; building; street; district: "Flat 12A, 8/F, Block 3, Harbour View Gardens, 18 Harbour Road, Wan Chai".
    return [home.blockOrHouseNo, home.unitNo, home.buildingName, home.streetName, district, place]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', ');
  return [street, home.unitNo?.trim(), home.buildingName?.trim(), place].filter(Boolean).join(', ');
}

/**
 * The contents a home policy insures under its plan (decision 125): the sum its premium bought, from the
 * rate table in force the day its cover starts, which the quote, confirm and payment pages showed. The
 * mail states the same figure.
 */
export function homeContentsSumInsuredCents(policy: TPolicy, rates: TDocumentRates): TCents {
  const home = policy.policyHome!;
  const plan = (home.selectedPlan ?? basePlanName(chosenPremium(policy).planName)) as THomePlan;
  return homeContents(
    rates.home.markets[policy.country].includedContentsCents,
    plan,
    wireToCents(home.contentsSumInsured),
  ).sumInsuredCents;
}

function propertyRows(s: TSchedule, policy: TPolicy): TRow[] {
  const { copy } = s;
  const home = policy.policyHome!;
  return [
    [copy.labels.insuredAddress, homeAddress(s, policy)],
    [copy.labels.dwelling, dwellingLabel(s, home)],
    [
      copy.labels.occupiedAs,
      { OWNER: copy.occupancy.Owner, TENANT: copy.occupancy.Tenant, LANDLORD: copy.occupancy.Landlord }[
        home.ownership
      ],
    ],
    [
      copy.labels.contentsSumInsured,
      formatMoney(homeContentsSumInsuredCents(policy, s.rates), policy.country),
    ],
  ];
}

function benefitValue(s: TSchedule, value: TBenefitValue): string {
  if (s.script === 'en') return benefitText(value, s.country);
  if (value === 'UNLIMITED') return s.copy.values.unlimited;
  if (value === 'NOT_COVERED') return s.copy.values.notCovered;
  if (value === 'INCLUDED') return s.copy.values.included;
  return formatMoney(value, s.country);
}

function travelBenefitTables(s: TSchedule, policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  const english = s.script === 'en';
  const base = basePlanName(plan.planName) === 'SUPER' ? 'SUPER' : 'STANDARD';
  const groups = travelCoverTable(s.benefits.travel, policy.country, policy.policyTravel!.travellerType);
  return groups.map((group, index) => ({
    title: index === 0 ? fill(s.copy.benefitsPlan, { plan: planNameOf(s, plan) }) : '',
    columns: [english ? group.titleEn : zhLabel(s, group.titleZh), s.copy.columns.limit],
    widths: [0.7, 0.3],
    rows: group.rows.map((row) => [
      english ? row.labelEn : zhLabel(s, row.labelZh),
      benefitValue(s, row[base]),
    ]),
  }));
}

/**
 * The personal accident benefits per insured person (decision 054): a column per adult and one for the
 * children, each amount from `paBenefitRows` (the child's share, the 65–70 reduction, TTD and PRX), so
 * the schedule prints what the quote page shows.
 */
function paBenefitTables(s: TSchedule, policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  const { copy } = s;
  const pa = policy.policyPAN!;
  const letter = (pa.selectedPlan ?? /^[ABCD]$/.exec(plan.planName)?.[0] ?? 'A') as TPaPlanLetter;
  const family = pa.insuredPersonType === 'family';
  const adults = [pa.insured.adult1, family && pa.family.numberOfAdults > 1 ? pa.insured.adult2 : undefined];
  const effective = parseDmy(pa.effectiveDate);
  const columns = adults.flatMap((adult) =>
    adult
      ? [
          {
            title: adult.lastName,
            rows: paBenefitRows(
              s.benefits.pa,
              policy.country,
              letter,
              { role: 'adult', ...adult },
              effective,
            ),
          },
        ]
      : [],
  );
  if (family && pa.family.noOfChildren > 0)
    columns.push({
      title: copy.childrenColumn,
      rows: paBenefitRows(s.benefits.pa, policy.country, letter, { role: 'child' }, effective),
    });
  const label = (row: TPaBenefitRow) => {
    const text = s.script === 'en' ? row.labelEn : zhLabel(s, row.labelZh);
    return row.optionalCover === 'TTD' ? fill(copy.optionalCover, { label: text }) : text;
  };
  const cell = (row: TPaBenefitRow) => {
    if (row.amount === 'NOT_COVERED') return copy.values.notCovered;
    const money = formatMoney(row.amount, policy.country);
    return row.reduced ? `${money} *` : money;
  };
  const rows = columns[0]!.rows.map((first, index) => [
    label(first),
    ...columns.map((column) => cell(column.rows[index]!)),
  ]);
  const { childBasisPoints, seniorBasisPoints } = s.benefits.pa.rules;
  if (columns.some((column) => column.rows.some((row) => row.reduced)))
    rows.push([
      fill(copy.reducedNote, { child: childBasisPoints / 100, senior: seniorBasisPoints / 100 }),
      ...columns.map(() => ''),
    ]);
  const share = 0.6 / columns.length;
  return [
    {
      title: fill(copy.benefitsPa, { letter }),
      columns: [copy.columns.benefit, ...columns.map((column) => column.title)],
      widths: [0.4, ...columns.map(() => share)],
      rows,
    },
  ];
}

/** The chosen plan's limits from the home benefit schedule, for the occupancy and covers bought (decision 057). */
function homeBenefitTables(s: TSchedule, policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  const home = policy.policyHome!;
  const planName = (home.selectedPlan ?? basePlanName(plan.planName)) as THomePlan;
  const english = s.script === 'en';
  const groups = homeCoverTable(s.benefits.home, s.rates.home, policy.country, {
    ownership: home.ownership,
    optionalCovers: home.optionalCovers,
    contentsSumInsuredCents: wireToCents(home.contentsSumInsured),
  });
  return groups.map((group, index) => ({
    title: index === 0 ? fill(s.copy.benefitsPlan, { plan: planNameOf(s, plan) }) : '',
    columns: [english ? group.titleEn : zhLabel(s, group.titleZh), s.copy.columns.limit],
    widths: [0.7, 0.3],
    rows: group.rows.map((row) => {
      const label = english ? row.labelEn : zhLabel(s, row.labelZh);
      const value = row[planName] ?? 'NOT_COVERED';
      return [row.optional ? fill(s.copy.optionalCover, { label }) : label, benefitValue(s, value)];
    }),
  }));
}

function benefitTables(s: TSchedule, policy: TPolicy, plan: TWirePremiumItem): TTable[] {
  if (policy.productType === 'PTR') return travelBenefitTables(s, policy, plan);
  if (policy.productType === 'PAN') return paBenefitTables(s, policy, plan);
  return homeBenefitTables(s, policy, plan);
}

/** "GST 9%", "GST 0% (outbound travel is zero-rated)", "IA levy 0.1%": the rate from the tax table. */
export function taxLabel(
  country: TCountry,
  product: TProductType,
  copy: TScheduleCopy = scheduleCopy('en'),
): string {
  const table = TAX_TABLE[country];
  const rate = `${table.basisPoints[product] / 100}%`;
  if (table.kind === 'levy') return fill(copy.tax.levy, { rate });
  return fill(table.basisPoints[product] === 0 ? copy.tax.gstZero : copy.tax.gst, { rate });
}

function premiumTable(s: TSchedule, policy: TPolicy, plan: TWirePremiumItem): TTable {
  const labels = s.copy.premiumRows;
  const money = (cents: TCents) => formatMoney(cents, policy.country);
  const cents = (amount: number | undefined) => (amount === undefined ? 0 : wireToCents(amount));
  const premium = cents(plan.premium);
  const totalDiscount = cents(plan.totalDiscount);
  const rows: TRow[] = [
    [labels.before, money(cents(plan.premiumWithoutDiscount) || premium + totalDiscount)],
  ];
  const discounts: [string, number][] = [
    [labels.campaign, cents(plan.campaignDiscount)],
    [labels.family, cents(plan.groupDiscount)],
    [labels.agent, cents(plan.insuredCommissionDiscount)],
  ];
  const itemised = discounts.reduce((sum, [, amount]) => sum + amount, 0);
  if (itemised === 0 && totalDiscount > 0) discounts.push([labels.discount, totalDiscount]);
  for (const [label, amount] of discounts) if (amount > 0) rows.push([label, money(-amount)]);
  rows.push([labels.after, money(premium)]);
  const tax = TAX_TABLE[policy.country].kind === 'gst' ? cents(plan.gst) : cents(plan.levy);
  rows.push([taxLabel(policy.country, policy.productType, s.copy), money(tax)]);
  rows.push([labels.total, money(cents(plan.totalPremium))]);
  return {
    title: s.copy.sections.premium,
    columns: ['', s.copy.columns.amount],
    widths: [0.7, 0.3],
    rows,
    boldLast: true,
  };
}

/** The endorsements since the sale: each change, from when, the premium after it and what moved. */
function endorsementTable(s: TSchedule, policy: TPolicy, endorsements: TScheduleEndorsement[]): TTable {
  const copy = s.copy.endorsements;
  const money = (cents: TCents) => formatMoney(cents, policy.country);
  return {
    title: copy.title,
    columns: [copy.columns.from, copy.columns.change, copy.columns.annual, copy.columns.difference],
    widths: [0.2, 0.3, 0.25, 0.25],
    rows: endorsements.map((endorsement) => [
      endorsement.from,
      endorsement.kind === 'insured-address' ? copy.insuredAddress : endorsement.kind,
      money(endorsement.totalCents),
      endorsement.differenceCents > 0
        ? fill(copy.collected, { amount: money(endorsement.differenceCents) })
        : endorsement.differenceCents < 0
          ? fill(copy.refunded, { amount: money(-endorsement.differenceCents) })
          : copy.unchanged,
    ]),
  };
}

// ---------------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------------

const BRAND = '#0B3B5C';
const MUTED = '#555555';
const RULE = '#DDDDDD';
const FOOTER_HEIGHT = 28;

/** A document with the face for each piece of text chosen by what it contains (see `pdf-fonts.ts`). */
type TCanvas = { doc: PDFKit.PDFDocument; order: ReturnType<typeof familyOrder> };

function write(canvas: TCanvas, text: string, style: TFontStyle): PDFKit.PDFDocument {
  return useFontFor(canvas.doc, text, style, canvas.order);
}

function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(canvas: TCanvas, title: string): void {
  const { doc } = canvas;
  ensureRoom(doc, 60);
  doc.moveDown(0.8);
  write(canvas, title, 'bold')
    .fontSize(12)
    .fillColor(BRAND)
    .text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

function drawRow(
  canvas: TCanvas,
  cells: string[],
  widths: number[],
  style: { bold: boolean; header: boolean; alignLastRight: boolean },
): void {
  const { doc } = canvas;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const xs = widths.map((_, index) => left + width * widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const cellWidth = (index: number) => width * widths[index]! - 8;
  const face: TFontStyle = style.bold || style.header ? 'bold' : 'regular';
  const height =
    Math.max(
      ...cells.map((cell, index) =>
        write(canvas, cell, face)
          .fontSize(9)
          .heightOfString(cell || ' ', { width: cellWidth(index) }),
      ),
    ) + 6;
  ensureRoom(doc, height);
  const top = doc.y;
  cells.forEach((cell, index) => {
    const last = index === cells.length - 1 && index > 0;
    write(canvas, cell, face)
      .fontSize(9)
      .fillColor(style.header ? BRAND : 'black')
      .text(cell, xs[index]!, top + 3 + baselineShift(cell, canvas.order, 9), {
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

function drawTable(canvas: TCanvas, table: TTable, alignLastRight = true): void {
  if (table.title) heading(canvas, table.title);
  else canvas.doc.moveDown(0.5);
  if (table.columns.some((column) => column !== ''))
    drawRow(canvas, table.columns, table.widths, { bold: false, header: true, alignLastRight });
  table.rows.forEach((row, index) => {
    const bold = table.boldLast === true && index === table.rows.length - 1;
    drawRow(canvas, row, table.widths, { bold, header: false, alignLastRight });
  });
}

function drawDetails(canvas: TCanvas, title: string, rows: TRow[]): void {
  drawTable(canvas, { title, columns: [], widths: [0.32, 0.68], rows }, false);
}

function drawFooters(canvas: TCanvas, copy: TScheduleCopy, policyNumber: string): void {
  const { doc } = canvas;
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
    const footer = fill(copy.footer, { insurer: copy.insurer, number: policyNumber });
    const page = fill(copy.page, { page: index - range.start + 1, pages: range.count });
    write(canvas, footer, 'regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(footer, left, y, {
        width: contentWidth(doc),
        align: 'left',
        lineBreak: false,
      });
    write(canvas, page, 'regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(page, left, y, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Renders the schedule of an issued policy, in the policy's language. The creation date is the issue
 * time, so the same issued policy gives the same bytes. Rejects when the policy has no rated plan chosen.
 * `benefits` and `rates` are the schedules and rate tables in force on the day the cover starts, as
 * when the policy was issued (`TBenefitScheduleStore.forPolicy`, `TDocumentRateStore.forPolicy`).
 */
export async function renderPolicySchedule(
  issued: TIssuedPolicy,
  benefits: TBenefitSchedules,
  rates: TDocumentRates,
): Promise<Buffer> {
  const policy = issued.document;
  const plan = chosenPremium(policy);
  const script = scheduleScript(issued);
  const copy = scheduleCopy(script);
  const s: TSchedule = { copy, script, country: policy.country, benefits, rates };
  const productTitle = productName(policy.productType, script);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    bufferPages: true,
    lang: script === 'en' ? 'en' : script,
    info: {
      Title: `${copy.title} ${issued.policyNumber}`,
      Author: copy.insurer,
      Subject: `${productTitle}, ${copy.markets[policy.country]}`,
      CreationDate: issued.issuedAt,
      ModDate: issued.issuedAt,
    },
  });
  registerFonts(doc);
  const canvas: TCanvas = { doc, order: familyOrder(script, policy.country) };
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    write(canvas, copy.insurer, 'bold').fontSize(20).fillColor(BRAND).text(copy.insurer);
    write(canvas, copy.title, 'regular').fontSize(14).fillColor(MUTED).text(copy.title);
    const subtitle = `${productTitle} · ${copy.markets[policy.country]}`;
    write(canvas, subtitle, 'regular').fontSize(9).text(subtitle);
    // The number the contact page promises, where a traveller abroad looks for it first (decision 042).
    const assistance = fill(copy.assistance, { number: INSURER_CONTACTS[policy.country].assistance });
    doc.moveDown(0.4);
    write(canvas, assistance, 'bold').fontSize(11).fillColor(BRAND).text(assistance);

    drawDetails(canvas, copy.sections.policy, policyRows(s, issued, plan));
    drawDetails(canvas, copy.sections.policyholder, policyholderRows(s, policy));
    if (policy.productType === 'PHM') drawDetails(canvas, copy.sections.property, propertyRows(s, policy));
    drawTable(canvas, insuredTable(s, policy), false);
    for (const table of benefitTables(s, policy, plan)) drawTable(canvas, table);
    drawTable(canvas, premiumTable(s, policy, plan));
    if (issued.endorsements?.length) drawTable(canvas, endorsementTable(s, policy, issued.endorsements));

    write(canvas, copy.closingNote, 'italic').fontSize(8).fillColor(MUTED);
    const noteHeight = doc.heightOfString(copy.closingNote, { width: contentWidth(doc) });
    ensureRoom(doc, noteHeight + 16);
    doc.y += 12;
    doc.text(copy.closingNote, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
    drawFooters(canvas, copy, issued.policyNumber);
  } catch (error) {
    doc.end();
    await done;
    throw error;
  }
  doc.end();
  return done;
}
