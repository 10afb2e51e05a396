import { localDate } from '@lionrock/domain/dates/local-date';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTravelFlowStore } from './travel-flow-store';

const STANDARD = { planName: 'STANDARD', planCode: 'TSG-STD', premium: 30.6, totalPremium: 30.6 };
const SUPER = { planName: 'SUPER', planCode: 'TSG-SUP', premium: 49.3, totalPremium: 49.3 };

const store = () => useTravelFlowStore.getState();
const stored = () => JSON.parse(sessionStorage.getItem('lionrock.travel') ?? 'null');

function quote() {
  const answer = {
    ...store().policy,
    policyTravel: { ...store().policy.policyTravel, premiumItems: [STANDARD, SUPER] },
  };
  store().setQuoted(answer, '/travel/partner/AG1001');
}

beforeEach(() => store().reset());

describe('the travel journey store', () => {
  it('starts a travel policy the spec way: PTR, single trip, Asia Pacific, nobody chosen yet', () => {
    expect(store().policy).toMatchObject({
      productType: 'PTR',
      policyTravel: {
        paPolicyType: 'S',
        journeyCode: '6',
        journey: 'Asia Pacific (excl. Sanctioned)',
        isTravellerSelected: false,
        travellerIndividual: 0,
      },
    });
    expect(store().plans).toEqual([]);
  });

  it('keeps the journey in sessionStorage under lionrock.travel', () => {
    store().setDestination('3');
    store().setDates(localDate(2026, 12, 1), localDate(2026, 12, 7));
    expect(stored().state.policy.policyTravel).toMatchObject({
      journeyCode: '3',
      journey: 'Worldwide (excl. Sanctioned)',
      deptDate: '01/12/2026',
      returnDate: '07/12/2026',
    });
  });

  it('ends an annual plan one year after departure minus one day', () => {
    store().setTripType('A');
    store().setDates(localDate(2026, 12, 1), null);
    expect(store().policy.policyTravel).toMatchObject({ paPolicyType: 'A', returnDate: '30/11/2027' });
  });

  it('stores travellers with the picker’s closing rule', () => {
    store().setTravellers({ travellerType: 'ID', individuals: 0, adults: 1, children: 2 });
    expect(store().policy.policyTravel).toMatchObject({
      isTravellerSelected: true,
      travellerType: 'FM',
      travellerIndividual: 0,
      travellerAdult: 1,
      travellerChild: 2,
      insuredPersonType: 'family',
    });
    store().setTravellers({ travellerType: 'CP', individuals: 7, adults: 2, children: 3 });
    expect(store().policy.policyTravel).toMatchObject({
      travellerType: 'CP',
      travellerIndividual: 2,
      travellerAdult: 0,
      travellerChild: 0,
    });
    store().setTravellers(null);
    expect(store().policy.policyTravel).toMatchObject({ isTravellerSelected: false, travellerIndividual: 0 });
  });

  it('keeps the quoted plans and where the quote started, and forgets them when the trip changes', () => {
    quote();
    expect(store().plans.map((plan) => plan.planName)).toEqual(['STANDARD', 'SUPER']);
    expect(store().initialUrl).toBe('/travel/partner/AG1001');
    store().choosePlan(SUPER, false);
    expect(store().policy.policyTravel.policyPremium).toEqual(SUPER);
    store().setPromo('YEAREND25');
    expect(store().plans).toEqual([]);
    expect(store().policy).toMatchObject({ promo: 'YEAREND25', policyTravel: { policyPremium: undefined } });
  });

  it('marks a Plus choice as the top-up', () => {
    quote();
    const plus = { ...SUPER, planName: 'SUPER PLUS', totalPremium: 64.09 };
    store().choosePlan(plus, true);
    expect(store().policy.policyTravel).toMatchObject({ topUpSelected: true, selectedTopUp: 'SUPER PLUS' });
  });

  it('keeps the policy the rate call stored, with its policyId', () => {
    quote();
    store().setRated({
      ...store().policy,
      policyId: 'b633b901-6336-420a-9c9c-9af1318d1947',
      status: 'quoted',
    });
    expect(stored().state.policy.policyId).toBe('b633b901-6336-420a-9c9c-9af1318d1947');
  });

  it('never stores card fields, whatever an answer carries', () => {
    const answer = {
      ...store().policy,
      payment: {
        paymentReferenceNumber: 'REF1',
        cardNumber: '411111xxxxxx1111',
        cardExpiryDate: '12-2030',
        paymentCreditCardName: 'TAN WEI MING',
      },
    } as TPolicyInput;
    store().setRated(answer);
    const text = sessionStorage.getItem('lionrock.travel') ?? '';
    expect(text).not.toMatch(/card|1111|TAN WEI MING|12-2030/i);
    expect(stored().state.policy.payment).toEqual({ paymentReferenceNumber: 'REF1' });
  });

  it('forgets everything on reset', () => {
    quote();
    store().reset();
    expect(store().plans).toEqual([]);
    expect(store().initialUrl).toBeNull();
    expect(stored().state.policy.policyTravel.premiumItems).toEqual([]);
  });

  it('follows the campaign the server priced under, as a promo code found it (decision 038)', () => {
    store().setCampaign({
      campaignId: 1,
      campaignCode: 'B2CC00',
      catalogueCode: 'TRV-SG',
      promoCodeRequired: false,
    });
    store().setQuoted(
      { ...store().policy, campaign: { campaignId: 2, campaignCode: 'YEAREND', catalogueCode: 'TRV-SG' } },
      '/travel',
    );
    expect(store().campaign).toMatchObject({ campaignId: 2, campaignCode: 'YEAREND' });
  });

  it('lets a new link replace the campaign, code and quote an earlier link left, keeping the trip (decision 039)', () => {
    store().setDestination('3');
    store().setPromo('YEAREND25');
    store().setCampaign({
      campaignId: 2,
      campaignCode: 'YEAREND',
      catalogueCode: 'TRV-SG',
      promoCodeRequired: true,
    });
    quote();
    store().startLink('/travel/promo/NEWS2026', 'NEWS2026');
    expect(store()).toMatchObject({ link: '/travel/promo/NEWS2026', campaign: null, plans: [] });
    expect(store().policy).toMatchObject({ promo: 'NEWS2026', campaign: null });
    expect(store().policy.policyTravel).toMatchObject({ journeyCode: '3', promotionCode: 'NEWS2026' });
    expect(stored().state.link).toBe('/travel/promo/NEWS2026');
  });

  it('starts a new policy when the journey in the tab was already bought, and keeps one still quoting', () => {
    store().setRated({ ...store().policy, policyId: 'quoted-0001' } as TPolicyInput);
    store().setMarket({ country: 'SGP', lang: 'en' });
    expect(store().policy.policyId).toBe('quoted-0001');
    store().setRated({
      ...store().policy,
      policyId: 'bought-0001',
      policyNumber: 'TSG26-0000001',
      paymentSuccess: 'true',
    } as TPolicyInput);
    store().setMarket({ country: 'HKG', lang: 'zh', agentCode: 'HK2001' });
    expect(store().policy).toMatchObject({
      country: 'HKG',
      lang: 'zh',
      agentCode: 'HK2001',
      paymentSuccess: 'false',
    });
    expect(store().policy.policyId).toBeUndefined();
    expect(store().policy.policyNumber).toBeUndefined();
  });
});
