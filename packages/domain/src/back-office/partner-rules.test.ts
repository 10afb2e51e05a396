import { describe, expect, it } from 'vitest';
import { VALID_AGENT, VALID_AGENT_CAMPAIGN } from './partner-rules.fixtures.ts';
import {
  agentCampaignErrors,
  agentErrors,
  readStaffCodeImport,
  STAFF_CODE_IMPORT_MAX_ROWS,
  staffCodeKey,
  subAgentErrors,
} from './partner-rules.ts';

describe('partner rules', () => {
  it('accepts a complete agent and names each broken field', () => {
    expect(agentErrors(VALID_AGENT)).toEqual({});
    expect(
      agentErrors({
        ...VALID_AGENT,
        agentCode: 'ag',
        name: ' ',
        agency: 'x'.repeat(201),
        email: 'no',
        tel: '12',
        registrationNo: '',
        country: 'MYS',
      }),
    ).toEqual({
      agentCode: expect.any(String),
      name: expect.any(String),
      agency: expect.any(String),
      email: expect.any(String),
      tel: expect.any(String),
      registrationNo: expect.any(String),
      country: expect.any(String),
    });
  });

  it('takes an e-mail address only of the shape the shop sends mail to (issue 27 section 5)', () => {
    // Markup was accepted as an agent's address, and mail for it went to another address altogether.
    for (const email of [
      '<img/src=x/onerror=window.__pwned=1>@x.example',
      '"><script>@x.example',
      'a@b@c.example',
      'desk@harbourfront',
    ]) {
      expect(agentErrors({ ...VALID_AGENT, email }), email).toHaveProperty('email');
      expect(
        subAgentErrors({ subAgentCode: 'S01', name: 'Lim', email, tel: '91112222', active: true }),
        email,
      ).toHaveProperty('email');
    }
  });

  it('checks a sub-agent', () => {
    const sub = { subAgentCode: 'S01', name: 'Lim', email: 'lim@x.example', tel: '91112222', active: true };
    expect(subAgentErrors(sub)).toEqual({});
    expect(Object.keys(subAgentErrors({ ...sub, subAgentCode: '=1', name: '', email: '', tel: '' }))).toEqual(
      ['subAgentCode', 'name', 'email', 'tel'],
    );
  });

  it("checks an agent campaign: rates in basis points, the campaign's not above the account's", () => {
    expect(agentCampaignErrors(VALID_AGENT_CAMPAIGN)).toEqual({});
    expect(agentCampaignErrors({ ...VALID_AGENT_CAMPAIGN, staffId: '', url: '' })).toEqual({});
    expect(agentCampaignErrors({ ...VALID_AGENT_CAMPAIGN, campaignCommissionRate: 3000 })).toEqual({
      campaignCommissionRate: "The campaign's rate cannot exceed the account's.",
    });
    expect(
      Object.keys(
        agentCampaignErrors({
          ...VALID_AGENT_CAMPAIGN,
          code: 'x',
          accountNo: '',
          staffId: '@a',
          productCode: 'CAR',
          country: '',
          promotion: 'p'.repeat(41),
          accountCommissionRate: 10_001,
          campaignCommissionRate: 1.5,
          url: 'https://elsewhere.example',
          campaignDetails: 'd'.repeat(2001),
        }),
      ),
    ).toEqual([
      'code',
      'accountNo',
      'staffId',
      'productCode',
      'country',
      'promotion',
      'accountCommissionRate',
      'campaignCommissionRate',
      'url',
      'campaignDetails',
    ]);
  });
});

describe('the staff-code import', () => {
  const agents = new Map([
    ['AG1001', 'SGP'],
    ['HK2001', 'HKG'],
  ]);
  const known = new Map([
    ['ST1001T', staffCodeKey({ agentCode: 'AG1001', country: 'SGP', productCode: 'PTR' })],
  ]);

  it('reports every row: good ones ok, each bad one with its field and message', () => {
    const csv = [
      'staffCode,agentCode,country,productCode',
      'ST1001T,ag1001,sgp,ptr',
      'ST1001H,AG1001,SGP,PHM',
      '"ST2001T",HK2001,HKG,PTR',
      'ST9,AG9999,SGP,PTR',
      'ST1001H,HK2001,HKG,PAN',
      'ST1001T,HK2001,HKG,PHM',
      'ST5,AG1001,SGP,PHM',
      `${'X'.repeat(21)},AG1001,SGP,PAN`,
      'ST6,AG1001,MYS,PAN',
      'ST7,AG1001,SGP,CAR',
      '=cmd,AG1001,SGP,PAN',
      ',,,',
      'ST8,AG1001,HKG,PAN',
    ].join('\r\n');
    const result = readStaffCodeImport(csv, agents, known);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((row) => row.row)).toEqual([2, 3, 4]);
    expect(result.rows[0]!.value).toEqual({
      agentCode: 'AG1001',
      country: 'SGP',
      productCode: 'PTR',
      staffCode: 'ST1001T',
    });
    expect(result.report.filter((row) => row.status === 'error').map((row) => [row.row, row.field])).toEqual([
      [5, 'agentCode'],
      [6, 'staffCode'],
      [7, 'staffCode'],
      [8, 'productCode'],
      [9, 'staffCode'],
      [10, 'country'],
      [11, 'productCode'],
      [12, 'staffCode'],
      // The empty row 13 counts as a row: the next is 14, as the spreadsheet numbers it.
      [14, 'country'],
    ]);
    expect(result.report.find((row) => row.row === 14)?.message).toBe(
      'This agent is registered in Singapore only.',
    );
  });

  it('numbers each row as its line in the file: after empty lines, and after a quoted field of two lines', () => {
    const csv = [
      'agentCode,country,productCode,staffCode',
      '',
      'AG1001,SGP,PTR,"ST1',
      'T"',
      '',
      'AG9999,SGP,PAN,ST2',
    ].join('\n');
    const result = readStaffCodeImport(csv, agents, new Map());
    expect(result.ok && result.report.map((row) => [row.row, row.status])).toEqual([
      [3, 'error'],
      [6, 'error'],
    ]);
  });

  it('refuses a file without its header, without rows, too large, too long or unreadable', () => {
    expect(readStaffCodeImport('agentCode,country\nAG1001,SGP', agents, known)).toMatchObject({
      ok: false,
      field: 'csv',
    });
    expect(readStaffCodeImport('', agents, known)).toMatchObject({ ok: false });
    expect(readStaffCodeImport('agentCode,country,productCode,staffCode\n', agents, known)).toMatchObject({
      ok: false,
    });
    expect(readStaffCodeImport('x'.repeat(1024 * 1024 + 1), agents, known)).toMatchObject({ ok: false });
    const many = [
      'agentCode,country,productCode,staffCode',
      ...Array.from({ length: STAFF_CODE_IMPORT_MAX_ROWS + 1 }, (_, i) => `AG1001,SGP,PTR,S${i}`),
    ];
    expect(readStaffCodeImport(many.join('\n'), agents, known)).toMatchObject({ ok: false });
    expect(
      readStaffCodeImport('agentCode,country,productCode,staffCode\n"AG1001', agents, known),
    ).toMatchObject({
      ok: false,
      message: 'Line 2: A quoted field is never closed.',
    });
  });
});
