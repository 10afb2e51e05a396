import type { TAgentCampaignInput, TAgentInput } from './partner-rules.ts';

/**
 * An agent and one of its campaigns that marketing may save, every field within its rule: the examples
 * the partner rules' tests and the requests' start from, each changing what it tries.
 */
export const VALID_AGENT: TAgentInput = {
  agentCode: 'AG1001',
  name: 'Harbourfront Advisers',
  agency: 'Harbourfront',
  email: 'desk@harbourfront.example',
  tel: '+65 6222 3333',
  registrationNo: 'MAS-123',
  country: 'SGP',
  isDefault: false,
  active: true,
};

export const VALID_AGENT_CAMPAIGN: TAgentCampaignInput = {
  code: 'AG1001-PTR',
  accountNo: 'AG1001',
  staffId: 'ST1001T',
  productCode: 'PTR',
  country: 'SGP',
  promotion: 'HARBOUR10',
  affiliation: 'HFA',
  catalogueCode: 'TRV-SG',
  accountCommissionRate: 2500,
  campaignCommissionRate: 1500,
  url: '/travel/partner/AG1001',
  campaignTitle: 'Save 10%',
  campaignDetails: '',
  active: true,
};
