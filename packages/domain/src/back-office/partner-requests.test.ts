import { describe, expect, it } from 'vitest';
import {
  ZAgentCampaignRequest,
  ZAgentRequest,
  ZAgentUpdate,
  ZStaffCodeImportRequest,
  ZSubAgentRequest,
} from './partner-requests.ts';
import { VALID_AGENT, VALID_AGENT_CAMPAIGN } from './partner-rules.fixtures.ts';
import {
  agentCampaignErrors,
  agentErrors,
  subAgentErrors,
  type TAgentCampaignInput,
  type TAgentInput,
} from './partner-rules.ts';

/** The fields a request is refused on, each once, in the order found. */
function refusedFields(schema: { safeParse: (value: unknown) => { error?: unknown } }, value: unknown) {
  const error = schema.safeParse(value).error as { issues: { path: PropertyKey[] }[] } | undefined;
  return [...new Set((error?.issues ?? []).map((issue) => issue.path.join('.')))];
}

describe('an agent request', () => {
  const refused = (change: Partial<Record<keyof TAgentInput, unknown>>) =>
    refusedFields(ZAgentRequest, { ...VALID_AGENT, ...change });

  it('passes whole, the code in capitals', () => {
    expect(ZAgentRequest.parse({ ...VALID_AGENT, agentCode: ' ag1001 ' })).toEqual(VALID_AGENT);
  });

  it('refuses each field at its bound, every broken one at once', () => {
    expect(refused({ agentCode: 'A' })).toEqual(['agentCode']);
    expect(refused({ agentCode: 'A'.repeat(20) })).toEqual([]);
    expect(refused({ agentCode: 'A'.repeat(21) })).toEqual(['agentCode']);
    expect(refused({ name: 'x'.repeat(200) })).toEqual([]);
    expect(refused({ name: 'x'.repeat(201) })).toEqual(['name']);
    expect(refused({ registrationNo: 'x'.repeat(40) })).toEqual([]);
    expect(refused({ registrationNo: 'x'.repeat(41) })).toEqual(['registrationNo']);
    expect(refused({ tel: '1'.repeat(20) })).toEqual([]);
    expect(refused({ tel: '1'.repeat(21) })).toEqual(['tel']);
    expect(refused({ tel: '12345' })).toEqual(['tel']);
    expect(
      refused({
        agentCode: 'ag',
        name: ' ',
        agency: '',
        email: 'no',
        tel: '12',
        registrationNo: '',
        country: 'MYS',
      }),
    ).toEqual(['name', 'agency', 'email', 'tel', 'registrationNo', 'country']);
  });

  it('keeps the e-mail and telephone of an edit that leaves them out or empty', () => {
    const { agentCode: _code, email: _email, tel: _tel, ...rest } = VALID_AGENT;
    expect(ZAgentUpdate.parse(rest)).toEqual(rest);
    expect(ZAgentUpdate.parse({ ...rest, email: '', tel: '' })).toEqual({ ...rest, email: '', tel: '' });
    expect(refusedFields(ZAgentUpdate, { ...rest, email: 'no', tel: '12' })).toEqual(['email', 'tel']);
  });

  it("refuses what the service's agent rules refuse, on the same fields", () => {
    const cases: Partial<TAgentInput>[] = [
      {},
      { agentCode: 'AG-1', email: 'a@b', tel: '+65 62', country: 'HK' },
      { name: ' ', agency: 'x'.repeat(201), registrationNo: 'x'.repeat(41) },
    ];
    for (const change of cases) {
      const input = { ...VALID_AGENT, ...change };
      expect(refusedFields(ZAgentRequest, input).sort()).toEqual(Object.keys(agentErrors(input)).sort());
    }
  });
});

describe('a sub-agent request', () => {
  it('takes a code of 1 to 20 letters, digits or dashes, never a formula', () => {
    const sub = { subAgentCode: 'S01', name: 'Tan Wei', email: 'wei@example.com', tel: '91234567' };
    expect(ZSubAgentRequest.parse(sub)).toEqual({ ...sub, active: true });
    expect(refusedFields(ZSubAgentRequest, { ...sub, subAgentCode: 'S'.repeat(20) })).toEqual([]);
    expect(refusedFields(ZSubAgentRequest, { ...sub, subAgentCode: 'S'.repeat(21) })).toEqual([
      'subAgentCode',
    ]);
    expect(refusedFields(ZSubAgentRequest, { ...sub, subAgentCode: '=1' })).toEqual(['subAgentCode']);
    for (const input of [
      { ...sub, active: true },
      { ...sub, subAgentCode: '-x', email: 'x', active: true },
    ])
      expect(refusedFields(ZSubAgentRequest, input).sort()).toEqual(
        Object.keys(subAgentErrors(input)).sort(),
      );
  });
});

describe('an agent campaign request', () => {
  const refused = (change: Partial<Record<keyof TAgentCampaignInput, unknown>>) =>
    refusedFields(ZAgentCampaignRequest, { ...VALID_AGENT_CAMPAIGN, ...change });

  it('passes whole, and fills what was left out', () => {
    expect(ZAgentCampaignRequest.parse(VALID_AGENT_CAMPAIGN)).toEqual(VALID_AGENT_CAMPAIGN);
    expect(
      ZAgentCampaignRequest.parse({
        code: 'ag1001-ptr',
        accountNo: 'AG1001',
        productCode: 'PTR',
        country: 'SGP',
        accountCommissionRate: 0,
        campaignCommissionRate: 0,
      }),
    ).toMatchObject({ code: 'AG1001-PTR', staffId: '', url: '', campaignDetails: '', active: true });
  });

  it('refuses each field at its bound', () => {
    expect(refused({ code: `A${'1'.repeat(39)}` })).toEqual([]);
    expect(refused({ code: `A${'1'.repeat(40)}` })).toEqual(['code']);
    expect(refused({ accountCommissionRate: 10_000, campaignCommissionRate: 10_000 })).toEqual([]);
    expect(refused({ accountCommissionRate: 10_001 })).toEqual(['accountCommissionRate']);
    expect(refused({ campaignCommissionRate: 0 })).toEqual([]);
    expect(refused({ campaignCommissionRate: -1 })).toEqual(['campaignCommissionRate']);
    expect(refused({ campaignCommissionRate: 15.5 })).toEqual(['campaignCommissionRate']);
    expect(refused({ promotion: 'x'.repeat(40) })).toEqual([]);
    expect(refused({ promotion: 'x'.repeat(41) })).toEqual(['promotion']);
    expect(refused({ campaignTitle: 'x'.repeat(201) })).toEqual(['campaignTitle']);
    expect(refused({ campaignDetails: 'x'.repeat(2000) })).toEqual([]);
    expect(refused({ campaignDetails: 'x'.repeat(2001) })).toEqual(['campaignDetails']);
    expect(refused({ url: 'https://elsewhere.example' })).toEqual(['url']);
  });

  it("never lets the campaign's rate exceed the account's, even with another field wrong", () => {
    expect(refused({ accountCommissionRate: 1000, campaignCommissionRate: 2000, code: '' })).toEqual([
      'code',
      'campaignCommissionRate',
    ]);
  });

  it("refuses what the service's agent-campaign rules refuse, on the same fields", () => {
    const cases: Partial<TAgentCampaignInput>[] = [
      {},
      { code: '-X', accountNo: 'a', staffId: '=1', productCode: 'XYZ', country: 'MYS' },
      { accountCommissionRate: 1000, campaignCommissionRate: 2000, url: 'x y' },
      { accountCommissionRate: 20_000, catalogueCode: 'x'.repeat(41), campaignDetails: 'x'.repeat(2001) },
    ];
    for (const change of cases) {
      const input = { ...VALID_AGENT_CAMPAIGN, ...change };
      expect(refusedFields(ZAgentCampaignRequest, input).sort()).toEqual(
        Object.keys(agentCampaignErrors(input)).sort(),
      );
    }
  });
});

describe('a staff-code import', () => {
  it('takes some text of at most 1 MB, checked unless told to apply', () => {
    expect(ZStaffCodeImportRequest.parse({ csv: 'agentCode' })).toEqual({ csv: 'agentCode', apply: false });
    expect(refusedFields(ZStaffCodeImportRequest, { csv: ' \n' })).toEqual(['csv']);
    expect(refusedFields(ZStaffCodeImportRequest, { csv: 'x'.repeat(1024 * 1024) })).toEqual([]);
    expect(refusedFields(ZStaffCodeImportRequest, { csv: 'x'.repeat(1024 * 1024 + 1) })).toEqual(['csv']);
  });
});
