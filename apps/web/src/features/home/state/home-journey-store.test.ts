import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHomeJourney } from './home-journey-store';

const ESSENTIAL = { planName: 'ESSENTIAL', planCode: 'HM-ESS', premium: 53, totalPremium: 57.77 };
const ENHANCED = { planName: 'ENHANCED', planCode: 'HM-ENH', premium: 119, totalPremium: 129.71 };

const store = () => useHomeJourney.getState();
const stored = () => JSON.parse(sessionStorage.getItem('lionrock.home') ?? 'null');
const market = { country: 'HKG' as const, lang: 'zh' as const, agentCode: 'HK2001' };

function quote() {
  const answer: TPolicyInput = {
    ...store().policy,
    policyHome: {
      ...store().policy.policyHome,
      premiumItems: [ESSENTIAL, ENHANCED],
      expiryDate: '23/11/2027',
    },
  };
  store().setQuoted(answer, '/home/partner/HK2001');
}

beforeEach(() => store().reset());

describe('the home journey store (decision 059)', () => {
  it('starts a home policy: PHM, a 4-room HDB flat, owner, no plans', () => {
    expect(store().policy).toMatchObject({
      productType: 'PHM',
      policyHome: { dwellingType: 'HDB', hdbFlatType: '4_ROOM', ownership: 'OWNER', optionalCovers: [] },
    });
    expect(store().plans).toEqual([]);
  });

  it('keeps the landing’s answers and market, and a quote starts on the middle plan', () => {
    store().setQuoteInput({ floorArea: '500_799', buildingAge: 'UNDER_20', ownership: 'TENANT' }, market);
    quote();
    expect(store().policy).toMatchObject({ country: 'HKG', lang: 'zh', agentCode: 'HK2001' });
    expect(store().policy.policyHome).toMatchObject({
      floorArea: '500_799',
      ownership: 'TENANT',
      selectedPlan: 'ENHANCED',
      expiryDate: '23/11/2027',
    });
    expect(store().plans).toEqual([ESSENTIAL, ENHANCED]);
    expect(store().initialUrl).toBe('/home/partner/HK2001');
    expect(stored().state.plans).toHaveLength(2);
  });

  it('forgets the stored quote and its prices when the landing is answered again', () => {
    quote();
    store().setRated({
      ...store().policy,
      policyId: '6f1f7a59-5f63-4d3a-9f3e-0b3a2c1d4e5f',
      status: 'quoted',
    });
    store().setQuoteInput({ contentsSumInsured: 80_000 }, { country: 'SGP', lang: 'en' });
    expect(store().plans).toEqual([]);
    expect(store().policy.policyId).toBeUndefined();
    expect(store().policy.status).toBeUndefined();
    expect(store().policy.policyHome.policyPremium).toBeUndefined();
    expect(store().policy.policyHome.contentsSumInsured).toBe(80_000);
  });

  it('adds the address and applicant, and never stores card details', () => {
    quote();
    store().setApplicant({ district: 'WC', streetName: '18 Harbour Road' });
    store().setRated({
      ...store().policy,
      payment: { cardNumber: 'xxxxxxxxxxxx1111', cardExpiryDate: '12-30' },
    });
    expect(store().policy.policyHome).toMatchObject({ district: 'WC', streetName: '18 Harbour Road' });
    expect(JSON.stringify(stored())).not.toContain('1111');
  });

  it('starts a new policy when the journey in the tab was already bought', () => {
    store().setRated({
      ...store().policy,
      policyId: 'bought-0002',
      policyNumber: 'HSG26-0000001',
      paymentSuccess: 'true',
    } as TPolicyInput);
    store().setQuoteInput({ hdbFlatType: '5_ROOM' }, market);
    expect(store().policy).toMatchObject({ paymentSuccess: 'false', policyHome: { hdbFlatType: '5_ROOM' } });
    expect(store().policy.policyNumber).toBeUndefined();
  });
});
