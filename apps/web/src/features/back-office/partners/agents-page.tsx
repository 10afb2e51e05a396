import { ZAgentRequest } from '@lionrock/domain/back-office/partner-requests';
import type { TAgentInput } from '@lionrock/domain/back-office/partner-rules';
import { useState } from 'react';
import shell from '../back-office.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { useStaffQuery } from '../staff-query';
import { AgentDetail } from './agent-detail';
import { PartnerForm } from './partner-form';
import { AGENT_FIELDS, partnerProblem } from './partner-shared';

/** An agent as the list shows it: with how many sub-agents, campaigns and staff codes it has. */
type TAgent = TAgentInput & { subAgents: number; campaigns: number; staffCodes: number };

/**
 * Marketing's agents (issue 18): the list (e-mail and telephone masked), one agent with its sub-agents,
 * agent campaigns (commission rates) and staff codes, and forms to add or edit each. Staff screens are
 * English only; each form is checked with the domain's request schema (partner-requests.ts) before it
 * is sent, and by the server again.
 */
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
