import { z } from 'zod';
import { EMAIL_PATTERN } from '../validation/field-rules.ts';
import {
  AGENT_CAMPAIGN_CODE,
  AGENT_CAMPAIGN_DETAILS_MAX,
  AGENT_CAMPAIGN_LABEL_MAX,
  AGENT_CODE,
  MAX_COMMISSION_BASIS_POINTS,
  PARTNER_CODE,
  PARTNER_COUNTRIES,
  PARTNER_PRODUCTS,
  PARTNER_TEL,
  REGISTRATION_NO_MAX,
  SHOP_PATH,
  STAFF_CODE_IMPORT_MAX_BYTES,
  type TAgentCampaignInput,
  type TAgentInput,
  TEXT_MAX,
  type TSubAgentInput,
} from './partner-rules.ts';

/**
 * Marketing's partner requests (issue 18, decision 123): what its agent, sub-agent, agent-campaign and
 * staff-code forms check before sending and its routes check again, with the partner rules' bounds
 * (partner-rules.ts), so that a form and the server refuse the same things.
 */

/** A name or an agency: something besides spaces, at most a line. */
const name = z.string().trim().min(1).max(TEXT_MAX);
const email = z.string().trim().max(TEXT_MAX).regex(EMAIL_PATTERN);
const tel = z.string().trim().regex(PARTNER_TEL);
/** An edit's e-mail or telephone: empty (or left out) keeps the saved one, shown masked to the form. */
const kept = (schema: z.ZodString) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || schema.safeParse(value).success, { message: 'is invalid' })
    .optional();
/** The contacts of an edit of an agent or a sub-agent: each kept when left empty. */
const keptContacts = { email: kept(email), tel: kept(tel) };

export const ZAgentRequest = z.object({
  agentCode: z.string().trim().toUpperCase().regex(AGENT_CODE),
  name,
  agency: name,
  email,
  tel,
  registrationNo: z.string().trim().min(1).max(REGISTRATION_NO_MAX),
  country: z.enum(PARTNER_COUNTRIES),
  isDefault: z.boolean().default(false),
  active: z.boolean().default(true),
}) satisfies z.ZodType<TAgentInput, unknown>;
export type TAgentRequest = z.infer<typeof ZAgentRequest>;

/** An edit of an agent: the code stays (it is the address's). */
export const ZAgentUpdate = ZAgentRequest.omit({ agentCode: true }).extend(keptContacts);
export type TAgentUpdate = z.infer<typeof ZAgentUpdate>;

export const ZSubAgentRequest = z.object({
  subAgentCode: z.string().trim().regex(PARTNER_CODE),
  name,
  email,
  tel,
  active: z.boolean().default(true),
}) satisfies z.ZodType<TSubAgentInput, unknown>;
export type TSubAgentRequest = z.infer<typeof ZSubAgentRequest>;

export const ZSubAgentUpdate = ZSubAgentRequest.omit({ subAgentCode: true }).extend(keptContacts);
export type TSubAgentUpdate = z.infer<typeof ZSubAgentUpdate>;

/** A commission rate in basis points of premium (1500 = 15 %), at most 100 %. */
const rate = z.number().int().min(0).max(MAX_COMMISSION_BASIS_POINTS);
const label = z.string().trim().max(AGENT_CAMPAIGN_LABEL_MAX).default('');

/** An agent campaign (new or edited): its commission never above the account's. */
export const ZAgentCampaignRequest = z
  .object({
    code: z.string().trim().toUpperCase().regex(AGENT_CAMPAIGN_CODE),
    accountNo: z.string().trim().toUpperCase().regex(AGENT_CODE),
    staffId: z
      .string()
      .trim()
      .refine((value) => value === '' || PARTNER_CODE.test(value), { message: 'is not a staff code' })
      .default(''),
    productCode: z.enum(PARTNER_PRODUCTS),
    country: z.enum(PARTNER_COUNTRIES),
    promotion: label,
    affiliation: label,
    catalogueCode: label,
    accountCommissionRate: rate,
    campaignCommissionRate: rate,
    url: z
      .string()
      .trim()
      .max(TEXT_MAX)
      .refine((value) => value === '' || SHOP_PATH.test(value), { message: 'must be a path on the shop' })
      .default(''),
    campaignTitle: z.string().trim().max(TEXT_MAX).default(''),
    campaignDetails: z.string().trim().max(AGENT_CAMPAIGN_DETAILS_MAX).default(''),
    active: z.boolean().default(true),
  })
  // Between the two rates; it runs even when another field is wrong, so a form hears every problem.
  .superRefine(
    (campaign, context) => {
      const { accountCommissionRate: account, campaignCommissionRate: own } = campaign as Partial<
        Record<keyof TAgentCampaignInput, unknown>
      >;
      if (typeof account === 'number' && typeof own === 'number' && own > account)
        context.addIssue({
          code: 'custom',
          path: ['campaignCommissionRate'],
          message: 'must not exceed accountCommissionRate',
        });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ) satisfies z.ZodType<TAgentCampaignInput, unknown>;
export type TAgentCampaignRequest = z.infer<typeof ZAgentCampaignRequest>;

/** A staff-code CSV to check (or, with `apply`, to save its good rows): some text, at most 1 MB. */
export const ZStaffCodeImportRequest = z.object({
  csv: z.string().max(STAFF_CODE_IMPORT_MAX_BYTES).regex(/\S/, 'must not be blank'),
  apply: z.boolean().default(false),
});
export type TStaffCodeImportRequest = z.infer<typeof ZStaffCodeImportRequest>;
