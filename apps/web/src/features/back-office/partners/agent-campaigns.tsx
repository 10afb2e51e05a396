import { ZAgentCampaignRequest } from '@lionrock/domain/back-office/partner-requests';
import {
  PARTNER_COUNTRIES,
  PARTNER_PRODUCTS,
  type TAgentCampaignInput,
  type TAgentInput,
} from '@lionrock/domain/back-office/partner-rules';
import { basisPointsOfTyped, typedPercent } from '@lionrock/domain/money/money';
import shell from '../back-office.module.css';
import { DataTable } from '../data-table';
import { PartnerForm, type TFieldSpec } from './partner-form';
import { partnerProblem } from './partner-shared';

/** An agent campaign as the server sends it. */
export type TAgentCampaign = TAgentCampaignInput & { id: number };

/** An agent campaign as its form holds it: the rates as the percentages typed (issue 31: not basis points). */
type TAgentCampaignForm = Omit<TAgentCampaignInput, 'accountCommissionRate' | 'campaignCommissionRate'> & {
  accountCommissionRate: string;
  campaignCommissionRate: string;
};

/** A commission rate as staff read it: basis points as a percentage. */
const percent = (basisPoints: number) => `${basisPoints / 100}%`;

/** An agent campaign's fields, new or saved. */
const CAMPAIGN_FIELDS: TFieldSpec<TAgentCampaignForm>[] = [
  { key: 'code', label: 'Campaign code' },
  { key: 'productCode', label: 'Product', options: PARTNER_PRODUCTS },
  { key: 'country', label: 'Market', options: PARTNER_COUNTRIES },
  { key: 'staffId', label: 'Staff code' },
  {
    key: 'accountCommissionRate',
    label: 'Account commission (%)',
    hint: 'A percentage of the premium: 15 for 15%, 12.5 for 12.5%',
  },
  {
    key: 'campaignCommissionRate',
    label: 'Campaign commission (%)',
    hint: 'At most the account’s',
  },
  { key: 'promotion', label: 'Promotion' },
  { key: 'affiliation', label: 'Affiliation' },
  { key: 'catalogueCode', label: 'Catalogue code' },
  { key: 'url', label: 'Link path', hint: 'e.g. /travel/partner/AG1001' },
  { key: 'campaignTitle', label: 'Title', wide: true },
  { key: 'campaignDetails', label: 'Details', wide: true },
  { key: 'active', label: 'Active', type: 'checkbox' },
];

/** A percentage as typed, in basis points by the domain's one rule; not one is no number (the schema says so). */
const typedRate = (text: string) => basisPointsOfTyped(text) ?? Number.NaN;

/** An agent campaign's form values (a saved one's, or a new one's of the agent). */
function agentCampaignForm(campaign: TAgentCampaignInput): TAgentCampaignForm {
  return {
    code: campaign.code,
    accountNo: campaign.accountNo,
    staffId: campaign.staffId,
    productCode: campaign.productCode,
    country: campaign.country,
    promotion: campaign.promotion,
    affiliation: campaign.affiliation,
    catalogueCode: campaign.catalogueCode,
    accountCommissionRate: typedPercent(campaign.accountCommissionRate),
    campaignCommissionRate: typedPercent(campaign.campaignCommissionRate),
    url: campaign.url,
    campaignTitle: campaign.campaignTitle,
    campaignDetails: campaign.campaignDetails,
    active: campaign.active,
  };
}

/** An agent campaign as sent: the rates as numbers. */
const toAgentCampaignRequest = (values: TAgentCampaignForm) => ({
  ...values,
  accountCommissionRate: typedRate(values.accountCommissionRate),
  campaignCommissionRate: typedRate(values.campaignCommissionRate),
});

/**
 * An agent's campaigns (commission rates): the table with an Edit button each for marketing, and the
 * form of a new one or of the one being edited (the agent's detail keeps which form is open).
 */
export function AgentCampaigns({
  agent,
  campaigns,
  canWrite,
  editing,
  onEdit,
  onSaved,
  onCancel,
}: {
  agent: TAgentInput;
  campaigns: TAgentCampaign[];
  canWrite: boolean;
  /** The detail's open form: `campaign` for a new agent campaign, `campaign-<id>` to edit that one. */
  editing: string | null;
  onEdit: (editing: `campaign-${number}`) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const editingCampaign =
    typeof editing === 'string' && editing.startsWith('campaign-')
      ? campaigns.find((campaign) => `campaign-${campaign.id}` === editing)
      : undefined;

  return (
    <>
      <h3>Agent campaigns</h3>
      <DataTable
        rows={campaigns}
        rowKey={(campaign) => campaign.id}
        empty="No agent campaigns."
        columns={[
          { header: 'Code', cell: (campaign) => campaign.code, sortValue: (campaign) => campaign.code },
          {
            header: 'Product',
            cell: (campaign) => campaign.productCode,
            sortValue: (campaign) => campaign.productCode,
          },
          {
            header: 'Market',
            cell: (campaign) => campaign.country,
            sortValue: (campaign) => campaign.country,
          },
          {
            header: 'Account commission',
            cell: (campaign) => percent(campaign.accountCommissionRate),
            numeric: true,
            sortValue: (campaign) => campaign.accountCommissionRate,
          },
          {
            header: 'Campaign commission',
            cell: (campaign) => percent(campaign.campaignCommissionRate),
            numeric: true,
            sortValue: (campaign) => campaign.campaignCommissionRate,
          },
          { header: 'Staff code', cell: (campaign) => campaign.staffId || '—' },
          {
            header: 'Active',
            cell: (campaign) => (campaign.active ? 'Yes' : 'No'),
            sortValue: (campaign) => (campaign.active ? 0 : 1),
          },
          ...(canWrite
            ? [
                {
                  header: 'Change',
                  cell: (campaign: TAgentCampaign) => (
                    <button
                      className={shell.link}
                      type="button"
                      onClick={() => onEdit(`campaign-${campaign.id}`)}
                      aria-label={`Edit ${campaign.code}`}
                    >
                      Edit
                    </button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing === 'campaign' || editingCampaign ? (
        <PartnerForm
          key={editing}
          heading={
            editingCampaign ? `Edit ${editingCampaign.code}` : `New agent campaign of ${agent.agentCode}`
          }
          fields={CAMPAIGN_FIELDS}
          defaultValues={agentCampaignForm(
            editingCampaign ?? {
              code: `${agent.agentCode}-`,
              accountNo: agent.agentCode,
              staffId: '',
              productCode: 'PTR',
              country: agent.country,
              promotion: '',
              affiliation: '',
              catalogueCode: '',
              accountCommissionRate: 0,
              campaignCommissionRate: 0,
              url: '',
              campaignTitle: '',
              campaignDetails: '',
              active: true,
            },
          )}
          schema={ZAgentCampaignRequest}
          toRequest={toAgentCampaignRequest}
          messages={partnerProblem}
          send={
            editingCampaign
              ? { method: 'PUT', path: `/admin/partners/agent-campaigns/${editingCampaign.id}` }
              : { method: 'POST', path: '/admin/partners/agent-campaigns' }
          }
          onSaved={onSaved}
          onCancel={onCancel}
        />
      ) : null}
    </>
  );
}
