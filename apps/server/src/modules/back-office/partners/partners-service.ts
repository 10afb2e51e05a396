import {
  agentCampaignErrors,
  agentErrors,
  readStaffCodeImport,
  staffCodeKey,
  subAgentErrors,
  type TAgentCampaignInput,
  type TAgentInput,
  type TSubAgentInput,
} from '@lionrock/domain/back-office/partner-rules';
import { maskEmail, maskMobile } from '@lionrock/domain/self-service/contact-rules';
import { ApiError } from '../../../lib/api-error.ts';
import type { TActor } from '../audit.ts';
import type {
  TAgentCampaignRow,
  TAgentRow,
  TPartnersRepository,
  TStaffCodeRow,
  TSubAgentRow,
} from './partners-repository.ts';

/** An edit: the code stays; e-mail and telephone only when changed (the form shows them masked). */
type TContactEdit = { email?: string | undefined; tel?: string | undefined };
export type TAgentUpdate = Omit<TAgentInput, 'agentCode' | 'email' | 'tel'> & TContactEdit;
export type TSubAgentUpdate = Omit<TSubAgentInput, 'subAgentCode' | 'email' | 'tel'> & TContactEdit;

function refuse(errors: Record<string, string | undefined>): void {
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field) throw new ApiError(400, message!, { field });
}

const agentOf = (row: TAgentRow): TAgentInput => ({
  agentCode: row.agentCode,
  name: row.name,
  agency: row.agency,
  email: row.email,
  tel: row.tel,
  registrationNo: row.registrationNo,
  country: row.country,
  isDefault: row.isDefault,
  active: row.active,
});
const subAgentOf = (row: TSubAgentRow): TSubAgentInput & { agentCode: string } => ({
  agentCode: row.agentCode,
  subAgentCode: row.subAgentCode,
  name: row.name,
  email: row.email,
  tel: row.tel,
  active: row.active,
});
const agentCampaignOf = (row: TAgentCampaignRow): TAgentCampaignInput & { id: number } => ({
  id: row.id,
  code: row.code,
  accountNo: row.accountNo,
  staffId: row.staffId ?? '',
  productCode: row.productCode,
  country: row.country,
  promotion: row.promotion ?? '',
  affiliation: row.affiliation ?? '',
  catalogueCode: row.catalogueCode ?? '',
  accountCommissionRate: row.accountCommissionRate,
  campaignCommissionRate: row.campaignCommissionRate,
  url: row.url ?? '',
  campaignTitle: row.campaignTitle ?? '',
  campaignDetails: row.campaignDetails ?? '',
  active: row.active,
});
const agentCampaignColumns = (input: TAgentCampaignInput) => {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    ...input,
    staffId: orNull(input.staffId),
    promotion: orNull(input.promotion),
    affiliation: orNull(input.affiliation),
    catalogueCode: orNull(input.catalogueCode),
    url: orNull(input.url),
    campaignTitle: orNull(input.campaignTitle),
    campaignDetails: orNull(input.campaignDetails),
  };
};
const staffCodeOf = (row: TStaffCodeRow) => ({
  agentCode: row.agentCode,
  country: row.country,
  productCode: row.productCode,
  staffCode: row.staffCode,
  updatedAt: row.updatedAt.toISOString(),
});

/** Lists show contact details masked: the e-mail `d***@h***.example`, the telephone's last four digits. */
const masked = <T extends { email: string; tel: string }>(row: T): T => ({
  ...row,
  email: maskEmail(row.email),
  tel: maskMobile('', row.tel.replace(/\s/g, '')),
});

const agentCampaignTaken = () =>
  new ApiError(409, 'There is already an agent campaign with this code.', { field: 'code' });

/**
 * Marketing's partner data (issue 18): agents (every column), their sub-agents, agent campaigns with
 * their commission rates, and staff codes with a CSV import that reports each row and saves the good
 * ones in one transaction when asked (`apply`), else only checks. Every change is audited. Pricing reads
 * agent campaigns through its table cache, refreshed everywhere by the table's change notification.
 */
export function createPartnersService(deps: { repository: TPartnersRepository; now: () => Date }) {
  const { repository, now } = deps;

  async function findAgent(agentCode: string): Promise<TAgentRow> {
    const row = await repository.findAgent(agentCode);
    if (!row) throw new ApiError(404, 'No such agent.', { field: 'agentCode' });
    return row;
  }

  return {
    async listAgents() {
      const rows = await repository.listAgents();
      const counts = await repository.countsByAgent();
      return {
        agents: rows.map((row) => ({
          ...masked(agentOf(row)),
          subAgents: counts.subAgents.get(row.agentCode) ?? 0,
          campaigns: counts.campaigns.get(row.agentCode) ?? 0,
          staffCodes: counts.staffCodes.get(row.agentCode) ?? 0,
        })),
      };
    },

    async getAgent(agentCode: string) {
      const agent = await findAgent(agentCode);
      const subs = await repository.listSubAgents(agent.agentCode);
      const campaigns = await repository.listAgentCampaigns(agent.agentCode);
      const codes = await repository.listStaffCodes(agent.agentCode);
      return {
        agent: masked(agentOf(agent)),
        subAgents: subs.map((row) => masked(subAgentOf(row))),
        campaigns: campaigns.map(agentCampaignOf),
        staffCodes: codes.map(staffCodeOf),
      };
    },

    async createAgent(input: TAgentInput, actor: TActor) {
      refuse(agentErrors(input));
      const row = await repository.insertAgent(input, (created) => ({
        at: now(),
        actor,
        action: 'create',
        entity: 'agent',
        entityId: created.agentCode,
        before: null,
        after: agentOf(created),
      }));
      if (!row) throw new ApiError(409, 'There is already an agent with this code.', { field: 'agentCode' });
      return { agentCode: row.agentCode };
    },

    async updateAgent(agentCode: string, body: TAgentUpdate, actor: TActor) {
      const before = await findAgent(agentCode);
      const input: TAgentInput = {
        ...body,
        agentCode: before.agentCode,
        email: body.email || before.email,
        tel: body.tel || before.tel,
      };
      refuse(agentErrors(input));
      const after = await repository.updateAgent(before.agentCode, { ...input, updatedAt: now() }, (row) => ({
        at: now(),
        actor,
        action: 'update',
        entity: 'agent',
        entityId: before.agentCode,
        before: agentOf(before),
        after: agentOf(row),
      }));
      if (!after) throw new ApiError(404, 'No such agent.', { field: 'agentCode' });
      return { agentCode: before.agentCode };
    },

    async createSubAgent(agentCode: string, input: TSubAgentInput, actor: TActor) {
      const agent = await findAgent(agentCode);
      refuse(subAgentErrors(input));
      const row = await repository.insertSubAgent({ ...input, agentCode: agent.agentCode }, (created) => ({
        at: now(),
        actor,
        action: 'create',
        entity: 'sub-agent',
        entityId: `${created.agentCode}/${created.subAgentCode}`,
        before: null,
        after: subAgentOf(created),
      }));
      if (!row)
        throw new ApiError(409, 'This agent already has a sub-agent with this code.', {
          field: 'subAgentCode',
        });
      return { subAgentCode: row.subAgentCode };
    },

    async updateSubAgent(agentCode: string, subAgentCode: string, body: TSubAgentUpdate, actor: TActor) {
      const before = await repository.findSubAgent(agentCode, subAgentCode);
      if (!before) throw new ApiError(404, 'No such sub-agent.', { field: 'subAgentCode' });
      const input: TSubAgentInput = {
        ...body,
        subAgentCode,
        email: body.email || before.email,
        tel: body.tel || before.tel,
      };
      refuse(subAgentErrors(input));
      const after = await repository.updateSubAgent(
        agentCode,
        subAgentCode,
        { ...input, updatedAt: now() },
        (row) => ({
          at: now(),
          actor,
          action: 'update',
          entity: 'sub-agent',
          entityId: `${agentCode}/${subAgentCode}`,
          before: subAgentOf(before),
          after: subAgentOf(row),
        }),
      );
      if (!after) throw new ApiError(404, 'No such sub-agent.', { field: 'subAgentCode' });
      return { subAgentCode };
    },

    async createAgentCampaign(input: TAgentCampaignInput, actor: TActor) {
      refuse(agentCampaignErrors(input));
      await findAgent(input.accountNo);
      const row = await repository.insertAgentCampaign(agentCampaignColumns(input), (created) => ({
        at: now(),
        actor,
        action: 'create',
        entity: 'agent-campaign',
        entityId: String(created.id),
        before: null,
        after: agentCampaignOf(created),
      }));
      if (!row) throw agentCampaignTaken();
      return { id: row.id };
    },

    async updateAgentCampaign(id: number, input: TAgentCampaignInput, actor: TActor) {
      refuse(agentCampaignErrors(input));
      await findAgent(input.accountNo);
      const before = await repository.findAgentCampaign(id);
      if (!before) throw new ApiError(404, 'No such agent campaign.', { field: 'id' });
      const clash = await repository.findAgentCampaignByCode(input.code);
      if (clash && clash.id !== before.id) throw agentCampaignTaken();
      const after = await repository.updateAgentCampaign(
        before.id,
        { ...agentCampaignColumns(input), updatedAt: now() },
        (row) => ({
          at: now(),
          actor,
          action: 'update',
          entity: 'agent-campaign',
          entityId: String(before.id),
          before: agentCampaignOf(before),
          after: agentCampaignOf(row),
        }),
      );
      if (!after) throw new ApiError(404, 'No such agent campaign.', { field: 'id' });
      return { id: before.id };
    },

    async listStaffCodes(agentCode?: string) {
      return { staffCodes: (await repository.listStaffCodes(agentCode)).map(staffCodeOf) };
    },

    /** Checks a staff-code CSV row by row; with `apply`, saves the good rows in one go, audited. */
    async importStaffCodes(csv: string, apply: boolean, actor: TActor) {
      const agentMarkets = await repository.listAgentMarkets();
      const saved = await repository.listStaffCodes();
      const known = new Map(saved.map((row) => [row.staffCode, staffCodeKey(row)]));
      const result = readStaffCodeImport(csv, agentMarkets, known);
      if (!result.ok) throw new ApiError(400, result.message, { field: result.field });
      const ok = result.rows.length;
      const errors = result.report.length - ok;
      const answer = { ok, errors, report: result.report };
      if (!apply || ok === 0) return { applied: false, ...answer };
      const at = now();
      await repository.saveStaffCodes(
        result.rows.map(({ value }) => value),
        at,
        {
          at,
          actor,
          action: 'import',
          entity: 'staff-codes',
          entityId: 'csv',
          before: null,
          after: { rows: result.report.length, saved: ok, refused: errors },
        },
      );
      return { applied: true, ...answer };
    },
  };
}

export type TPartnersService = ReturnType<typeof createPartnersService>;
