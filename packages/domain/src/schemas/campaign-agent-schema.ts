import { z } from 'zod';
import { ZWireAmountSchema } from './wire-primitives.ts';

/**
 * A campaign's gift per policy on top of its discount (pa-home-payments section 9: "an HK$150
 * supermarket voucher per policy"): what the campaign offers, and what an issued policy records.
 */
export const ZCampaignVoucherSchema = z.object({
  campaignCode: z.string().max(30),
  amount: ZWireAmountSchema,
  description: z.string().max(200),
  descriptionCn: z.string().max(200),
});
export type TCampaignVoucher = z.infer<typeof ZCampaignVoucherSchema>;

/** The campaign as the client reads it (travel-flow section 3, Campaign). */
export const ZCampaignSchema = z.object({
  campaignId: z.number().nullable(),
  campaignCode: z.string(),
  campaignName: z.string(),
  status: z.string(),
  productCode: z.string(),
  catalogueCode: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  p400Campaign: z.string(),
  marketingMessage: z.string(),
  marketingMessageCn: z.string(),
  createdBy: z.string(),
  dateCreated: z.string(),
  updatedBy: z.string(),
  dateUpdated: z.string(),
  promoCodeRequired: z.enum(['Y', 'N']),
  promoCodeReusability: z.string(),
  promoCodeDescription: z.string(),
  promoCodeDescriptionCn: z.string(),
  image: z.string(),
  imageFileName: z.string(),
  promoCode: z.string(),
  validPromoCode: z.enum(['Y', 'N', '']),
  redirect: z.string(),
  errorMessage: z.string(),
  termsConditionsEn: z.string(),
  termsConditionsCn: z.string(),
  /** The campaign's voucher per policy, when it gives one. */
  voucher: ZCampaignVoucherSchema.optional(),
});
export type TCampaign = z.infer<typeof ZCampaignSchema>;

/** The spec's empty campaign: what a failed lookup falls back to (travel-flow section 7, Responses). */
export const EMPTY_CAMPAIGN: TCampaign = {
  campaignId: null,
  campaignCode: '',
  campaignName: '',
  status: '',
  productCode: '',
  catalogueCode: '',
  startDate: '',
  endDate: '',
  p400Campaign: '',
  marketingMessage: '',
  marketingMessageCn: '',
  createdBy: '',
  dateCreated: '',
  updatedBy: '',
  dateUpdated: '',
  promoCodeRequired: 'N',
  promoCodeReusability: '',
  promoCodeDescription: '',
  promoCodeDescriptionCn: '',
  image: '',
  imageFileName: '',
  promoCode: '',
  validPromoCode: '',
  redirect: '',
  errorMessage: '',
  termsConditionsEn: '',
  termsConditionsCn: '',
};

/** The agent (travel-flow section 3, Agent), with the sub-agent and market of the link. */
export const ZAgentSchema = z.object({
  agentCode: z.string(),
  name: z.string(),
  agency: z.string(),
  email: z.string(),
  tel: z.string(),
  registrationNo: z.string(),
  isDefaultAgent: z.boolean(),
  subAgentId: z.string(),
  country: z.string(),
});
export type TAgent = z.infer<typeof ZAgentSchema>;

/** An unknown or mismatched agent: an empty code, which reads as "not a valid agent". */
export const INVALID_AGENT: TAgent = {
  agentCode: '',
  name: '',
  agency: '',
  email: '',
  tel: '',
  registrationNo: '',
  isDefaultAgent: false,
  subAgentId: '',
  country: '',
};

export { isValidAgent } from '../campaign/agent-rules.ts';

/** The agent campaign (travel-flow section 3); commission rates in percent of premium. */
export const ZAgentCampaignSchema = z.object({
  id: z.number().nullable(),
  staffId: z.string(),
  accountNo: z.string(),
  productCode: z.string(),
  accountCommissionRate: z.number().nullable(),
  campaignCommissionRate: z.number().nullable(),
  affiliation: z.string(),
  url: z.string(),
  campaignTitle: z.string(),
  campaignDetails: z.string(),
  catalogueCode: z.string(),
  country: z.string(),
});
export type TAgentCampaign = z.infer<typeof ZAgentCampaignSchema>;

/** The empty agent campaign: commission rates cleared (travel-flow section 7, Responses). */
export const EMPTY_AGENT_CAMPAIGN: TAgentCampaign = {
  id: null,
  staffId: '',
  accountNo: '',
  productCode: '',
  accountCommissionRate: null,
  campaignCommissionRate: null,
  affiliation: '',
  url: '',
  campaignTitle: '',
  campaignDetails: '',
  catalogueCode: '',
  country: '',
};
