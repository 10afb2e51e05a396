import {
  ZAgentCampaignRequest,
  ZAgentRequest,
  ZAgentUpdate,
  ZSubAgentRequest,
} from '@lionrock/domain/back-office/partner-requests';
import {
  AGENT_CAMPAIGN_DETAILS_MAX,
  AGENT_CAMPAIGN_LABEL_MAX,
  MAX_COMMISSION_BASIS_POINTS,
  PARTNER_COUNTRIES,
  PARTNER_PRODUCTS,
  REGISTRATION_NO_MAX,
  type TAgentCampaignInput,
  type TAgentInput,
  TEXT_MAX,
  type TSubAgentInput,
} from '@lionrock/domain/back-office/partner-rules';
import { useState } from 'react';
import shell from '../back-office.module.css';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import type { TFormIssue } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import { PartnerForm, type TFieldSpec } from './partner-form';

/**
 * Marketing's agents (issue 18): the list (e-mail and telephone masked), one agent with its sub-agents,
 * agent campaigns (commission rates) and staff codes, and forms to add or edit each. Staff screens are
 * English only; each form is checked with the domain's request schema (partner-requests.ts) before it
 * is sent, and by the server again.
 */
type TAgent = TAgentInput & { subAgents: number; campaigns: number; staffCodes: number };
type TSubAgent = TSubAgentInput & { agentCode: string };
type TAgentCampaign = TAgentCampaignInput & { id: number };
type TStaffCode = { agentCode: string; country: string; productCode: string; staffCode: string };
type TDetail = {
  agent: TAgentInput;
  subAgents: TSubAgent[];
  campaigns: TAgentCampaign[];
  staffCodes: TStaffCode[];
};

/** An agent's edit: the code stays; an e-mail or telephone left empty keeps the saved one. */
type TAgentEdit = Omit<TAgentInput, 'agentCode'>;
/** An agent campaign as its form holds it: the rates as the basis points typed. */
type TAgentCampaignForm = Omit<TAgentCampaignInput, 'accountCommissionRate' | 'campaignCommissionRate'> & {
  accountCommissionRate: string;
  campaignCommissionRate: string;
};

const percent = (basisPoints: number) => `${basisPoints / 100}%`;

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
  accountCommissionRate: `Enter basis points from 0 to ${MAX_COMMISSION_BASIS_POINTS} (1500 = 15 %).`,
  campaignCommissionRate: `Enter basis points from 0 to ${MAX_COMMISSION_BASIS_POINTS} (1500 = 15 %).`,
  'campaignCommissionRate:custom': "The campaign's rate cannot exceed the account's.",
  url: 'Use a path on the shop, starting with /.',
  campaignTitle: `At most ${TEXT_MAX} characters.`,
  campaignDetails: `At most ${AGENT_CAMPAIGN_DETAILS_MAX} characters.`,
};
const partnerProblem = (issue: TFormIssue) =>
  PARTNER_MESSAGES[`${issue.path}:${issue.code}`] ?? PARTNER_MESSAGES[issue.path];

const AGENT_FIELDS: TFieldSpec<TAgentInput>[] = [
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
const KEEP_HINT = 'Shown masked; leave empty to keep it.';
const AGENT_EDIT_FIELDS = AGENT_FIELDS.filter(
  (field): field is TFieldSpec<TAgentEdit> => field.key !== 'agentCode',
).map((field) => (field.key === 'email' || field.key === 'tel' ? { ...field, hint: KEEP_HINT } : field));

/** An agent's edit as sent: the e-mail and telephone only when typed. */
const toAgentUpdate = ({ email, tel, ...rest }: TAgentEdit) => ({
  ...rest,
  ...(email.trim() ? { email } : {}),
  ...(tel.trim() ? { tel } : {}),
});

const SUB_AGENT_FIELDS: TFieldSpec<TSubAgentInput>[] = [
  { key: 'subAgentCode', label: 'Sub-agent code' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'E-mail', type: 'email' },
  { key: 'tel', label: 'Telephone', type: 'tel' },
  { key: 'active', label: 'Active', type: 'checkbox' },
];

const CAMPAIGN_FIELDS: TFieldSpec<TAgentCampaignForm>[] = [
  { key: 'code', label: 'Campaign code' },
  { key: 'productCode', label: 'Product', options: PARTNER_PRODUCTS },
  { key: 'country', label: 'Market', options: PARTNER_COUNTRIES },
  { key: 'staffId', label: 'Staff code' },
  {
    key: 'accountCommissionRate',
    label: 'Account commission (basis points)',
    type: 'number',
    hint: '1500 = 15%',
  },
  {
    key: 'campaignCommissionRate',
    label: 'Campaign commission (basis points)',
    type: 'number',
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

/** Basis points as typed; nothing typed is no number (the schema says so, not 0). */
const typedRate = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

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
    accountCommissionRate: String(campaign.accountCommissionRate),
    campaignCommissionRate: String(campaign.campaignCommissionRate),
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

function AgentDetail({
  agentCode,
  canWrite,
  onChanged,
}: {
  agentCode: string;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const answer = useStaffQuery<TDetail>(`/admin/partners/agents/${encodeURIComponent(agentCode)}`);
  const detail = answer.data;
  const error = answer.error ?? '';
  const load = answer.reload;
  const [editing, setEditing] = useState<'agent' | 'sub' | 'campaign' | `campaign-${number}` | null>(null);
  const [saved, setSaved] = useState('');

  const done = (message: string) => () => {
    setEditing(null);
    setSaved(message);
    onChanged();
    void load();
  };

  if (error)
    return (
      <p className={shell.formError} role="alert">
        {error}
      </p>
    );
  if (!detail)
    return (
      <p className={shell.loading} role="status">
        Loading {agentCode}…
      </p>
    );
  const { agent } = detail;
  const editingCampaign =
    typeof editing === 'string' && editing.startsWith('campaign-')
      ? detail.campaigns.find((campaign) => `campaign-${campaign.id}` === editing)
      : undefined;

  return (
    <section className={`${shell.card} ${shell.wideCard}`} aria-labelledby="agent-heading">
      <h2 className={shell.heading} id="agent-heading">
        {agent.agentCode}: {agent.name}
      </h2>
      {saved ? (
        <p className={styles.done} role="status">
          {saved}
        </p>
      ) : null}
      <dl>
        <dt>Agency</dt>
        <dd>{agent.agency}</dd>
        <dt>Registration number</dt>
        <dd>{agent.registrationNo}</dd>
        <dt>E-mail</dt>
        <dd>{agent.email}</dd>
        <dt>Telephone</dt>
        <dd>{agent.tel}</dd>
        <dt>Market</dt>
        <dd>
          {agent.country}
          {agent.isDefault ? ' (default agent)' : ''}
          {agent.active ? '' : ' (inactive)'}
        </dd>
      </dl>
      {canWrite && editing === null ? (
        <div className={styles.row}>
          <button className={shell.secondary} type="button" onClick={() => setEditing('agent')}>
            Edit agent
          </button>
          <button className={shell.secondary} type="button" onClick={() => setEditing('sub')}>
            Add sub-agent
          </button>
          <button className={shell.secondary} type="button" onClick={() => setEditing('campaign')}>
            Add agent campaign
          </button>
        </div>
      ) : null}
      {editing === 'agent' ? (
        <PartnerForm
          heading={`Edit ${agent.agentCode}`}
          fields={AGENT_EDIT_FIELDS}
          defaultValues={{
            name: agent.name,
            agency: agent.agency,
            registrationNo: agent.registrationNo,
            email: '',
            tel: '',
            country: agent.country,
            active: agent.active,
            isDefault: agent.isDefault,
          }}
          schema={ZAgentUpdate}
          toRequest={toAgentUpdate}
          messages={partnerProblem}
          send={{ method: 'PUT', path: `/admin/partners/agents/${encodeURIComponent(agent.agentCode)}` }}
          onSaved={done('The agent is saved.')}
          onCancel={() => setEditing(null)}
        />
      ) : null}

      <h3>Sub-agents</h3>
      <DataTable
        rows={detail.subAgents}
        rowKey={(sub) => sub.subAgentCode}
        empty="No sub-agents."
        columns={[
          { header: 'Code', cell: (sub) => sub.subAgentCode, sortValue: (sub) => sub.subAgentCode },
          { header: 'Name', cell: (sub) => sub.name, sortValue: (sub) => sub.name },
          { header: 'E-mail', cell: (sub) => sub.email },
          { header: 'Telephone', cell: (sub) => sub.tel },
          {
            header: 'Active',
            cell: (sub) => (sub.active ? 'Yes' : 'No'),
            sortValue: (sub) => (sub.active ? 0 : 1),
          },
        ]}
      />
      {editing === 'sub' ? (
        <PartnerForm
          heading={`New sub-agent of ${agent.agentCode}`}
          fields={SUB_AGENT_FIELDS}
          defaultValues={{ subAgentCode: '', name: '', email: '', tel: '', active: true }}
          schema={ZSubAgentRequest}
          messages={partnerProblem}
          send={{
            method: 'POST',
            path: `/admin/partners/agents/${encodeURIComponent(agent.agentCode)}/sub-agents`,
          }}
          onSaved={done('The sub-agent is added.')}
          onCancel={() => setEditing(null)}
        />
      ) : null}

      <h3>Agent campaigns</h3>
      <DataTable
        rows={detail.campaigns}
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
                  cell: (campaign: (typeof detail.campaigns)[number]) => (
                    <button
                      className={shell.link}
                      type="button"
                      onClick={() => setEditing(`campaign-${campaign.id}`)}
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
          onSaved={done('The agent campaign is saved.')}
          onCancel={() => setEditing(null)}
        />
      ) : null}

      <h3>Staff codes</h3>
      {detail.staffCodes.length === 0 ? (
        <p>No staff codes. Import them on the Staff codes page.</p>
      ) : (
        <ul>
          {detail.staffCodes.map((code) => (
            <li key={`${code.country}-${code.productCode}`}>
              {code.country} {code.productCode}: {code.staffCode}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AgentsPage() {
  // Only marketing changes partners; operations and read-only accounts see them (the server's guard).
  const canWrite = useCan('marketing.write');
  const listed = useStaffQuery<{ agents: TAgent[] }>('/admin/partners/agents');
  const agents = listed.data?.agents ?? null;
  const error = listed.error ?? '';
  const load = listed.reload;
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <h1 className={shell.heading}>Agents</h1>
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
      {canWrite && !creating ? (
        <button className={shell.primary} type="button" onClick={() => setCreating(true)}>
          New agent
        </button>
      ) : null}
      {creating ? (
        <PartnerForm
          heading="New agent"
          fields={AGENT_FIELDS}
          defaultValues={{
            agentCode: '',
            name: '',
            agency: '',
            registrationNo: '',
            email: '',
            tel: '',
            country: 'SGP',
            active: true,
            isDefault: false,
          }}
          schema={ZAgentRequest}
          messages={partnerProblem}
          send={{ method: 'POST', path: '/admin/partners/agents' }}
          onSaved={() => {
            setCreating(false);
            void load();
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      {agents === null && !error ? (
        <p className={shell.loading} role="status">
          Loading agents…
        </p>
      ) : null}
      {agents ? (
        <DataTable
          caption="Agents"
          captionClassName={shell.visuallyHidden}
          rows={agents}
          rowKey={(agent) => agent.agentCode}
          pageSize={50}
          columns={[
            {
              header: 'Code',
              cell: (agent) => (
                <button
                  className={shell.link}
                  type="button"
                  aria-pressed={chosen === agent.agentCode}
                  onClick={() => setChosen(agent.agentCode)}
                >
                  {agent.agentCode}
                </button>
              ),
              sortValue: (agent) => agent.agentCode,
            },
            {
              header: 'Name',
              cell: (agent) => `${agent.name}${agent.active ? '' : ' (inactive)'}`,
              sortValue: (agent) => agent.name,
            },
            { header: 'Agency', cell: (agent) => agent.agency, sortValue: (agent) => agent.agency },
            { header: 'Market', cell: (agent) => agent.country, sortValue: (agent) => agent.country },
            { header: 'Registration', cell: (agent) => agent.registrationNo },
            { header: 'E-mail', cell: (agent) => agent.email },
            {
              header: 'Sub-agents',
              cell: (agent) => agent.subAgents,
              numeric: true,
              sortValue: (agent) => agent.subAgents,
            },
            {
              header: 'Campaigns',
              cell: (agent) => agent.campaigns,
              numeric: true,
              sortValue: (agent) => agent.campaigns,
            },
            {
              header: 'Staff codes',
              cell: (agent) => agent.staffCodes,
              numeric: true,
              sortValue: (agent) => agent.staffCodes,
            },
          ]}
        />
      ) : null}
      {/* Keyed by the agent: another one chosen starts afresh, no edit form of the last one open. */}
      {chosen ? (
        <AgentDetail key={chosen} agentCode={chosen} canWrite={canWrite} onChanged={() => void load()} />
      ) : null}
    </>
  );
}
