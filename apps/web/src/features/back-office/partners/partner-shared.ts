import {
  AGENT_CAMPAIGN_DETAILS_MAX,
  AGENT_CAMPAIGN_LABEL_MAX,
  MAX_COMMISSION_BASIS_POINTS,
  PARTNER_COUNTRIES,
  REGISTRATION_NO_MAX,
  type TAgentInput,
  TEXT_MAX,
} from '@lionrock/domain/back-office/partner-rules';
import type { TFormIssue } from '../staff-form';
import type { TFieldSpec } from './partner-form';

/** What the agents' forms share: the words for each problem, an agent's fields. */

/** The partner forms' words for each problem, by the request's path (and the problem's kind). */
const PARTNER_MESSAGES: Partial<Record<string, string>> = {
  agentCode: 'Use 2 to 20 capital letters and digits.',
  name: `Give a name of at most ${TEXT_MAX} characters.`,
  agency: `Give an agency of at most ${TEXT_MAX} characters.`,
  email: 'Enter an e-mail address.',
  tel: 'Enter a telephone number of 6 to 20 digits.',
  registrationNo: `Give a registration number of at most ${REGISTRATION_NO_MAX} characters.`,
  country: 'Choose SGP or HKG.',
  subAgentCode: 'Use 1 to 20 letters, digits or dashes.',
  code: 'Use 2 to 40 capital letters, digits or dashes.',
  accountNo: 'Choose the agent.',
  staffId: 'Use 1 to 20 letters, digits or dashes.',
  productCode: 'Choose PTR, PAN or PHM.',
  promotion: `At most ${AGENT_CAMPAIGN_LABEL_MAX} characters.`,
  affiliation: `At most ${AGENT_CAMPAIGN_LABEL_MAX} characters.`,
  catalogueCode: `At most ${AGENT_CAMPAIGN_LABEL_MAX} characters.`,
  accountCommissionRate: `Enter a percentage from 0 to ${MAX_COMMISSION_BASIS_POINTS / 100}, at most 2 decimals.`,
  campaignCommissionRate: `Enter a percentage from 0 to ${MAX_COMMISSION_BASIS_POINTS / 100}, at most 2 decimals.`,
  'campaignCommissionRate:custom': "The campaign's rate cannot exceed the account's.",
  url: 'Use a path on the shop, starting with /.',
  campaignTitle: `At most ${TEXT_MAX} characters.`,
  campaignDetails: `At most ${AGENT_CAMPAIGN_DETAILS_MAX} characters.`,
};
export const partnerProblem = (issue: TFormIssue) =>
  PARTNER_MESSAGES[`${issue.path}:${issue.code}`] ?? PARTNER_MESSAGES[issue.path];

/** A new agent's fields (its edit's are these, but the code). */
export const AGENT_FIELDS: TFieldSpec<TAgentInput>[] = [
  { key: 'agentCode', label: 'Agent code', hint: '2 to 20 capitals and digits; it appears in links' },
  { key: 'name', label: 'Name' },
  { key: 'agency', label: 'Agency' },
  { key: 'registrationNo', label: 'Registration number' },
  { key: 'email', label: 'E-mail', type: 'email' },
  { key: 'tel', label: 'Telephone', type: 'tel' },
  { key: 'country', label: 'Market', options: PARTNER_COUNTRIES },
  { key: 'active', label: 'Active', type: 'checkbox' },
  { key: 'isDefault', label: 'Default (direct) agent', type: 'checkbox' },
];
