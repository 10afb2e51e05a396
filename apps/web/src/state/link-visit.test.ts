import { afterEach, describe, expect, it } from 'vitest';
import { isLandingPath, linkVisitOf, productOfPath, type TAddressOpening } from './link-visit';
import { type TAgent, useSystemStore } from './system-store';

const at = (url: string, opening: TAddressOpening, host = 'localhost:3000') => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return linkVisitOf({ pathname, search, host }, opening);
};

const AGENT: TAgent = {
  agentCode: 'HK2001',
  name: 'Chan Ka Yan',
  agency: 'Victoria Peak Financial Ltd',
  email: 'kayan.chan@victoriapeak.example',
  tel: '61234567',
  registrationNo: 'IA-FA2001',
  isDefaultAgent: false,
  subAgentId: '',
  country: 'HKG',
};
const SG_AGENT: TAgent = { ...AGENT, agentCode: 'AG1001', tel: '91234567', country: 'SGP' };
const UNKNOWN: TAgent = { ...AGENT, agentCode: '', country: '' };

afterEach(() => {
  useSystemStore.setState({
    lang: 'en',
    country: 'SGP',
    partner: null,
    subAgent: null,
    linkCodes: {},
    agent: null,
  });
});

describe('what an address says of the visit (travel-flow section 2, issue 29)', () => {
  it('knows the three products’ landings, with or without their segments', () => {
    for (const path of ['/travel', '/pa/', '/home', '/pa/partner/HK2001/lang/zh', '/home/campaign/HOMEHK'])
      expect(isLandingPath(path)).toBe(true);
    for (const path of ['/pa/occupation', '/home/quote', '/travel/about-us', '/my-policy'])
      expect(isLandingPath(path)).toBe(false);
    expect(['/pa/partner/X', '/home', '/travel/partner/X'].map(productOfPath)).toEqual([
      'pa',
      'home',
      'travel',
    ]);
  });

  it('an agent link names its partner, sub-agent and codes, and no market of its own', () => {
    expect(at('/pa/partner/HK2001/sub/S01/lang/zh', 'link')).toEqual({
      country: 'SGP',
      lang: 'zh',
      partner: { partner: 'HK2001', subAgent: 'S01', linkCodes: {} },
    });
    expect(at('/travel/partner/AG1001/affiliation/HFA', 'in-app').partner).toEqual({
      partner: 'AG1001',
      subAgent: null,
      linkCodes: { affiliation: 'HFA' },
    });
  });

  it('a landing opened as a link without a partner is a direct visit in its own market', () => {
    expect(at('/home', 'link')).toEqual({
      country: 'SGP',
      partner: { partner: null, subAgent: null, linkCodes: {} },
    });
    expect(at('/pa?country=HKG&lang=tc', 'link')).toMatchObject({ country: 'HKG', lang: 'zh' });
    expect(at('/home', 'link', 'hk-shop.lionrock.example').country).toBe('HKG');
  });

  it('a reload and the shop’s own navigation keep the visit’s partner (travel keeps decision 039)', () => {
    expect(at('/pa', 'reload')).toEqual({});
    expect(at('/home', 'in-app')).toEqual({});
    expect(at('/travel', 'reload')).toEqual({ country: 'SGP' });
    expect(at('/travel', 'in-app')).toEqual({});
    expect(at('/pa/occupation', 'link')).toEqual({});
    expect(at('/pa/quote?country=HKG', 'in-app')).toEqual({ country: 'HKG' });
  });
});

describe('the visit an address opens (system-store openLink and adoptAgent)', () => {
  it('an agent’s answer brings the shop to the agent’s market, whatever the link or an earlier visit said', () => {
    const store = useSystemStore.getState();
    store.openLink(at('/pa/partner/HK2001', 'link'));
    expect(useSystemStore.getState()).toMatchObject({ country: 'SGP', partner: 'HK2001', agent: null });
    store.adoptAgent(AGENT);
    expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', agent: AGENT });
    // A reload of the link, even one naming another market, stays in the agent's.
    store.openLink(at('/pa/partner/HK2001?country=SGP', 'reload'));
    expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', agent: AGENT });
  });

  it('a new link drops the earlier link’s agent and market', () => {
    const store = useSystemStore.getState();
    store.openLink(at('/home/partner/HK2001?country=HKG', 'link'));
    store.adoptAgent(AGENT);
    store.openLink(at('/home/partner/AG1001', 'link'));
    expect(useSystemStore.getState()).toMatchObject({ partner: 'AG1001', agent: null });
    store.adoptAgent(SG_AGENT);
    expect(useSystemStore.getState()).toMatchObject({ country: 'SGP', agent: SG_AGENT });
    // A direct link after an agent's: no agent, and the link's own market.
    store.adoptAgent(AGENT);
    store.openLink(at('/pa', 'link'));
    expect(useSystemStore.getState()).toMatchObject({ country: 'SGP', partner: null, agent: null });
  });

  it('an unknown agent keeps the link’s market, and the shop’s own navigation keeps the agent', () => {
    const store = useSystemStore.getState();
    store.openLink(at('/pa/partner/NOPE99?country=HKG', 'link'));
    store.adoptAgent(UNKNOWN);
    expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', agent: UNKNOWN });
    store.openLink(at('/pa/partner/HK2001', 'in-app'));
    store.adoptAgent(AGENT);
    store.openLink(at('/pa/occupation', 'in-app'));
    store.openLink(at('/pa', 'in-app'));
    expect(useSystemStore.getState()).toMatchObject({ country: 'HKG', partner: 'HK2001', agent: AGENT });
  });
});
