import { ZAgentUpdate, ZSubAgentRequest } from '@lionrock/domain/back-office/partner-requests';
import type { TAgentInput, TSubAgentInput } from '@lionrock/domain/back-office/partner-rules';
import { useState } from 'react';
import shell from '../back-office.module.css';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
import { useStaffQuery } from '../staff-query';
import { AgentCampaigns, type TAgentCampaign } from './agent-campaigns';
import { PartnerForm, type TFieldSpec } from './partner-form';
import { AGENT_FIELDS, partnerProblem } from './partner-shared';

type TSubAgent = TSubAgentInput & { agentCode: string };
type TStaffCode = { agentCode: string; country: string; productCode: string; staffCode: string };
/** An agent's detail as the server sends it: the agent, its sub-agents, agent campaigns and staff codes. */
type TDetail = {
  agent: TAgentInput;
  subAgents: TSubAgent[];
  campaigns: TAgentCampaign[];
  staffCodes: TStaffCode[];
};

/** An agent's edit: the code stays; an e-mail or telephone left empty keeps the saved one. */
type TAgentEdit = Omit<TAgentInput, 'agentCode'>;
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

/**
 * One agent (e-mail and telephone masked) with its sub-agents, agent campaigns and staff codes, and for
 * marketing the forms editing the agent or adding to it, one open at a time.
 */
export function AgentDetail({
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

      <AgentCampaigns
        agent={agent}
        campaigns={detail.campaigns}
        canWrite={canWrite}
        editing={editing}
        onEdit={setEditing}
        onSaved={done('The agent campaign is saved.')}
        onCancel={() => setEditing(null)}
      />

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
