import type { TCampaignInput } from './campaign-rules.ts';

/**
 * A campaign marketing may save, every field within its rule: the one example the campaign rules' tests,
 * the request's and the campaigns screen's start from, each changing what it tries.
 */
export const VALID_CAMPAIGN: TCampaignInput = {
  campaignCode: 'SPRING27',
  campaignName: 'Spring sale',
  status: 'ACTIVE',
  productCode: 'PTR',
  country: 'SGP',
  startDate: '2027-03-01',
  endDate: '2027-03-31',
  marketingMessage: 'Spring: 10% off',
  marketingMessageCn: '春季九折',
  promoCodeRequired: true,
  promoCodeReusability: 'SINGLE_USE',
  promoCodeDescription: 'From our letter',
  promoCodeDescriptionCn: '见信件',
  discountType: 'PERCENT',
  discountValue: 1000,
  termsConditionsEn: 'One code per policy.',
  termsConditionsCn: '每份保单限用一个优惠码。',
  voucherCents: null,
  voucherDescription: '',
  voucherDescriptionCn: '',
};
