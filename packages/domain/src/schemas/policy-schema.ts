import { z } from 'zod';
import { ZConsentsSchema } from '../consents/consents.ts';
import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  HK_DISTRICT_CODES,
  HOME_COVERS,
  HOME_PLANS,
  OCCUPANCIES,
} from '../home/home-model.ts';
import { PA_CHILDREN_MAX } from '../pa/pa-limits.ts';
import type { TPremiumItem } from '../rating/premium-item.ts';
import { FIELD_LENGTHS } from '../validation/field-lengths.ts';
import { ZCampaignVoucherSchema } from './campaign-agent-schema.ts';
import {
  centsToWire,
  optionalText,
  text,
  ZCountrySchema,
  ZCountSchema,
  ZDmySchema,
  ZIdTypeSchema,
  ZProductTypeSchema,
  ZWireAmountSchema,
  ZYesNoFlagSchema,
} from './wire-primitives.ts';

/**
 * The policy state on the wire, field names exactly as travel-flow section 3 and pa-home-payments
 * section 3 give them, plus our own `policyHome`, `consents`, `policyId`, `status` and `messageKey`.
 * Unknown keys are stripped; interface-only error fields never reach the server (`stripUiFields`).
 */
export const ZPremiumItemSchema = z.object({
  planName: text(40),
  planCode: text(40),
  planDesc: optionalText(100),
  premium: ZWireAmountSchema,
  premiumWithoutDiscount: ZWireAmountSchema.optional(),
  ecLevy: ZWireAmountSchema.optional(),
  levy: ZWireAmountSchema.optional(),
  gst: ZWireAmountSchema.optional(),
  totalPremium: ZWireAmountSchema,
  commission: ZWireAmountSchema.optional(),
  commissionRate: z.number().nonnegative().max(100).optional(),
  discount: ZWireAmountSchema.optional(),
  campaignDiscount: ZWireAmountSchema.optional(),
  groupDiscount: ZWireAmountSchema.optional(),
  insuredCommissionDiscount: ZWireAmountSchema.optional(),
  totalDiscount: ZWireAmountSchema.optional(),
  premiumTopUp: ZWireAmountSchema.optional(),
  /** Ours (decision 038): the message key saying why the advertised discount is not all there. */
  discountNotice: optionalText(40),
});
export type TWirePremiumItem = z.infer<typeof ZPremiumItemSchema>;

/** The one place cents become wire amounts: commission rate in percent. */
export function toWirePremiumItem(item: TPremiumItem): TWirePremiumItem {
  return {
    planName: item.planName,
    planCode: item.planCode,
    planDesc: item.planDesc,
    premium: centsToWire(item.premium),
    premiumWithoutDiscount: centsToWire(item.premiumWithoutDiscount),
    ecLevy: centsToWire(item.ecLevy),
    levy: centsToWire(item.levy),
    gst: centsToWire(item.gst),
    totalPremium: centsToWire(item.totalPremium),
    commission: centsToWire(item.commission),
    commissionRate: item.commissionRate / 100,
    discount: centsToWire(item.discount),
    campaignDiscount: centsToWire(item.campaignDiscount),
    groupDiscount: centsToWire(item.groupDiscount),
    insuredCommissionDiscount: centsToWire(item.insuredCommissionDiscount),
    totalDiscount: centsToWire(item.totalDiscount),
    premiumTopUp: centsToWire(item.premiumTopUp),
    ...(item.discountNotice ? { discountNotice: item.discountNotice } : {}),
  };
}

const address = {
  applicantAddress1: optionalText(100),
  applicantAddress2: optionalText(100),
  applicantArea: optionalText(50),
  applicantAreaDesc: optionalText(100),
  applicantDistrict: optionalText(50),
  applicantDistrictDesc: optionalText(100),
  applicantAccumulationRegister: optionalText(50),
  applicantUnitNo: optionalText(20),
  applicantFloorNo: optionalText(10),
  applicantBuildingName: optionalText(100),
  applicantBuildingStreetNo: optionalText(20),
  applicantPostCode: optionalText(10),
  applicantCountry: optionalText(50),
  applicantStreetName: optionalText(100),
};

export const ZApplicantSchema = z.object({
  clientKey: optionalText(50),
  clientType: z.enum(['P', 'C']).default('P'),
  fullName: text(FIELD_LENGTHS.name).default(''),
  additionalName: optionalText(FIELD_LENGTHS.name),
  dateOfBirth: ZDmySchema.default(''),
  idType: ZIdTypeSchema.default('NRIC'),
  hkId: text(FIELD_LENGTHS.id).default(''),
  uen: text(FIELD_LENGTHS.uen).default(''),
  mobileNoCountryCode: text(FIELD_LENGTHS.mobileCountryCode).default('65'),
  mobileNo: text(FIELD_LENGTHS.mobile).default(''),
  email: text(FIELD_LENGTHS.email).default(''),
  emailConfirmed: z.boolean().optional(),
  directMarketing: ZYesNoFlagSchema.default('false'),
  forAttentionOf: optionalText(50),
  ...address,
  sameAsInsuredAddress: z.boolean().optional(),
  hasInterestedParty: z.boolean().optional(),
  hasAutoRenewal: z.boolean().default(true),
});

export const ZTravellerSchema = z.object({
  type: z.enum(['ADULT', 'CHILD']),
  insuredNum: z.number().int().min(1).max(99).optional(),
  fullName: text(FIELD_LENGTHS.name).default(''),
  idType: ZIdTypeSchema.default('NRIC'),
  hkId: text(FIELD_LENGTHS.id).default(''),
  dateOfBirth: ZDmySchema.default(''),
  fullTimeStudent: z.enum(['YES', 'NO']).default('NO'),
});

export const ZPolicyTravelSchema = z.object({
  riskNumber: optionalText(30),
  promotionCode: optionalText(FIELD_LENGTHS.promoCode),
  agentCommission: z.number().nonnegative().max(100).optional(),
  agentMaxCommission: z.number().nonnegative().max(100).optional(),
  affiliation: optionalText(50),
  agentPromotion: optionalText(50),
  staffCode: optionalText(30),
  accountNumber: optionalText(30),
  deptDate: ZDmySchema.default(''),
  returnDate: ZDmySchema.default(''),
  paPolicyType: z.enum(['S', 'A']).default('S'),
  travellerType: z.enum(['ID', 'FM', 'CP']).default('ID'),
  planType: optionalText(10),
  isTravellerSelected: z.boolean().optional(),
  isTraveller: z.boolean().optional(),
  travellerIndividual: ZCountSchema.default(0),
  travellerAdult: ZCountSchema.default(0),
  travellerChild: ZCountSchema.default(0),
  travellerSenior: ZCountSchema.optional(),
  journey: optionalText(100),
  journeyCh: optionalText(100),
  journeyCode: z.enum(['6', '3']).default('6'),
  applicant: ZApplicantSchema.optional(),
  travellersList: z.array(ZTravellerSchema).max(30).default([]),
  premiumItems: z.array(ZPremiumItemSchema).max(8).default([]),
  premiumTopUps: z.array(ZPremiumItemSchema).max(8).default([]),
  topUpSelected: z.boolean().default(false),
  selectedTopUp: text(40).default('false'),
  totalDueAmount: ZWireAmountSchema.optional(),
  totalDiscount: ZWireAmountSchema.optional(),
  planLabel: optionalText(100),
  planLabelCh: optionalText(100),
  subsidyAmount: ZWireAmountSchema.optional(),
  policyPremium: ZPremiumItemSchema.optional(),
  insuredPersonType: z.enum(['individual', 'family']).optional(),
});

const ZPaPersonSchema = z.object({
  lastName: text(FIELD_LENGTHS.name).default(''),
  idType: ZIdTypeSchema.default('NRIC'),
  hkId: text(FIELD_LENGTHS.id).default(''),
  dateOfBirth: ZDmySchema.default(''),
  occupation: optionalText(4),
  optionalCovers: z
    .array(z.enum(['PRX', 'TTD']))
    .max(2)
    .default([]),
});

export const ZPolicyPanSchema = z.object({
  selectedPlan: z.enum(['A', 'B', 'C', 'D']).optional(),
  selAdult1Cover: optionalText(20),
  selAdult2Cover: optionalText(20),
  insuredPersonType: z.enum(['individual', 'family']).default('individual'),
  family: z
    .object({
      numberOfAdults: z.number().int().min(1).max(2).default(1),
      noOfChildren: z.number().int().min(0).max(PA_CHILDREN_MAX).default(0),
    })
    .default({ numberOfAdults: 1, noOfChildren: 0 }),
  insured: z
    .object({
      adult1: ZPaPersonSchema.optional(),
      adult2: ZPaPersonSchema.optional(),
      children: z
        .array(ZPaPersonSchema.extend({ fullTimeStudent: z.enum(['YES', 'NO']).default('NO') }))
        .max(PA_CHILDREN_MAX)
        .default([]),
    })
    .default({ children: [] }),
  applicantPAN: z
    .object({ mobileNoCountryCode: text(FIELD_LENGTHS.mobileCountryCode).default('65') })
    .optional(),
  /** The policyholder's contact details, as on the travel applicant (decision 008). */
  applicant: ZApplicantSchema.optional(),
  effectiveDate: ZDmySchema.default(''),
  expiryDate: ZDmySchema.optional(),
  riskStatementDeclared: z.boolean().default(false),
  residency: z.enum(['CITIZEN', 'PERMANENT_RESIDENT', 'LONG_TERM_PASS', 'OTHER']).optional(),
  largestClaimInThreeYears: ZWireAmountSchema.optional(),
  /**
   * The underwriting referral this quote was accepted under (decision 089): a pointer only. The server
   * prices by the referral it stores, and only for its applicant while the acceptance is valid.
   */
  referralId: z.uuid().optional(),
  premiumItems: z.array(ZPremiumItemSchema).max(8).default([]),
  policyPremium: ZPremiumItemSchema.optional(),
});

/**
 * Our home part (rating/README.md, decision 057): the dwelling, who occupies it, its address and the
 * cover chosen. Singapore: an HDB flat by flat type, a condominium or a landed house, and a 6-digit
 * postal code. Hong Kong: the flat's gross floor area and building age bands, and its district.
 * The fields added by decision 057 are optional, so a policy quoted before it still reads.
 */
export const ZPolicyHomeSchema = z.object({
  dwellingType: z.enum(DWELLING_TYPES).default('HDB'),
  hdbFlatType: z.enum(HDB_FLAT_TYPES).optional(),
  floorArea: z.enum(FLOOR_AREA_BANDS).optional(),
  buildingAge: z.enum(BUILDING_AGE_BANDS).optional(),
  ownership: z.enum(OCCUPANCIES).default('OWNER'),
  blockOrHouseNo: optionalText(40),
  streetName: optionalText(100),
  unitNo: optionalText(20),
  buildingName: optionalText(100),
  /** Checked by the rules (validateSgPostalCode), which answer with the message key the form shows. */
  postalCode: optionalText(10),
  district: z.enum(HK_DISTRICT_CODES).optional(),
  contentsSumInsured: ZWireAmountSchema.default(30_000),
  optionalCovers: z.array(z.enum(HOME_COVERS)).max(HOME_COVERS.length).default([]),
  effectiveDate: ZDmySchema.default(''),
  expiryDate: ZDmySchema.optional(),
  selectedPlan: z.enum(HOME_PLANS).optional(),
  applicant: ZApplicantSchema.optional(),
  premiumItems: z.array(ZPremiumItemSchema).max(8).default([]),
  policyPremium: ZPremiumItemSchema.optional(),
});
export type TPolicyHome = z.infer<typeof ZPolicyHomeSchema>;

export const ZPaymentSchema = z.object({
  paymentMethod: z.enum(['CC', 'PN']).optional(),
  paymentReferenceNumber: optionalText(64),
  paymentReferenceNumberToken: optionalText(64),
  auth_code: optionalText(20),
  receiptNumber: optionalText(30),
  email: optionalText(50),
  paymentToken: optionalText(100),
  cardExpiryDate: optionalText(7),
  /** Only ever the gateway's masked number. */
  cardNumber: z
    .string()
    .regex(/^(\d{0,6}[xX*]{6,}\d{0,4})?$/, 'must be a masked card number')
    .optional(),
  forename: optionalText(50),
  surname: optionalText(50),
  paymentCreditCardName: optionalText(50),
});

export const ZPolicyCampaignRefSchema = z.object({
  campaignId: z.number().int().positive().nullish(),
  campaignCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,30}$/, 'must be letters and digits')
    .optional(),
  catalogueCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,30}$/, 'must be letters and digits')
    .optional(),
});

export const ZPolicySchema = z.object({
  policyId: z.uuid().optional(),
  status: z.enum(['quoted', 'pending', 'issued', 'declined', 'expired']).optional(),
  productType: ZProductTypeSchema.default('PTR'),
  country: ZCountrySchema.default('SGP'),
  agentCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,50}$/, 'must be an agent code')
    .optional(),
  subAgentId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,50}$/, 'must be a sub-agent code')
    .optional(),
  campaign: ZPolicyCampaignRefSchema.nullish(),
  promo: z
    .string()
    .regex(/^[A-Za-z0-9]{0,10}$/, 'landingPromotionCode.invalidPromoCode')
    .optional(),
  paymentSuccess: ZYesNoFlagSchema.default('false'),
  policyNumber: optionalText(30),
  receiptNumber: optionalText(30),
  payment: ZPaymentSchema.optional(),
  errorMessage: optionalText(400),
  messageKey: optionalText(100),
  policyTravel: ZPolicyTravelSchema.optional(),
  policyPAN: ZPolicyPanSchema.optional(),
  policyHome: ZPolicyHomeSchema.optional(),
  consents: ZConsentsSchema.optional(),
  saveForLaterToken: optionalText(100),
  /** The desk's pre-filled quote link the journey opened from (decision 090): counts its quotes and sales. */
  quoteLink: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,16}$/, 'must be a quote link code')
    .optional(),
  /**
   * Set by the server only: the voucher of the campaign the policy is priced under (campaigns.voucher_*),
   * kept on the issued policy and named in its e-mail and schedule. One the browser sends is dropped.
   */
  campaignVoucher: ZCampaignVoucherSchema.optional(),
  /** Set by the server on an issued policy: the signed, expiring link to its schedule PDF (decision 010). */
  scheduleUrl: z.string().max(500).optional(),
  /** Set by the server on an issued policy: the signed "Manage your policy" link (design section 12). */
  manageUrl: z.string().max(500).optional(),
  lang: z.enum(['en', 'zh']).default('en'),
});

export type TPolicy = z.infer<typeof ZPolicySchema>;
export type TPolicyInput = z.input<typeof ZPolicySchema>;
export type TApplicant = z.infer<typeof ZApplicantSchema>;
export type TTraveller = z.infer<typeof ZTravellerSchema>;

/** The interface keeps per-field error messages on its entities; they are stripped before sending. */
export function stripUiFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => stripUiFields(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (/(ErrorMessage|Error)$/.test(key) && key !== 'errorMessage') continue;
    copy[key] = stripUiFields(inner);
  }
  return copy as T;
}
