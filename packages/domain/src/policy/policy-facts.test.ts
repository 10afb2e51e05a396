import { describe, expect, it } from 'vitest';
import { parseIso } from '../dates/local-date.ts';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy } from '../schemas/fixtures.ts';
import type { TPolicy, TWirePremiumItem } from '../schemas/policy-schema.ts';
import {
  chosenPremium,
  maskIdNumber,
  periodOfInsurance,
  policyholderEmail,
  policyholderName,
  productPart,
  totalPaidCents,
} from './policy-facts.ts';

const TODAY = parseIso('2026-11-28')!;
const policy = (input: unknown) => input as TPolicy;
const travel = () => policy(buildTravelPolicy(TODAY));
const pa = () => policy(buildPaPolicy(TODAY));
const home = () => policy(buildHomePolicy(TODAY));
const item = (planName: string, totalPremium: number) =>
  ({ planName, totalPremium, planCode: planName, planDesc: planName }) as unknown as TWirePremiumItem;

describe('what a stored policy says, read one way everywhere', () => {
  it.each([
    ['S8512345I', 'S****345I'],
    ['a123456(7)', 'A****4567'],
    ['AB12', 'A****'],
    ['', ''],
  ])('masks the ID number %s as %s', (id, masked) => {
    expect(maskIdNumber(id)).toBe(masked);
  });

  it("finds each product's part", () => {
    const trip = travel();
    expect(productPart(trip)).toBe(trip.policyTravel);
    expect(productPart(pa())?.applicant?.fullName).toBe('LIM MEI LING');
    expect(productPart(home())?.applicant?.fullName).toBe('TAN WEI MING');
  });

  it('reads the period, deriving an annual end the rating left out', () => {
    const single = travel();
    expect(periodOfInsurance(single).end).toBe(single.policyTravel!.returnDate);
    const annual = travel();
    annual.policyTravel = { ...annual.policyTravel!, paPolicyType: 'A', returnDate: '' };
    const start = annual.policyTravel.deptDate;
    expect(periodOfInsurance(annual)).toEqual({
      start,
      end: `${String(Number(start.slice(0, 2)) - 1).padStart(2, '0')}${start.slice(2, 6)}${Number(start.slice(6)) + 1}`,
    });
    const undated = travel();
    undated.policyTravel = { ...undated.policyTravel!, deptDate: 'soon', returnDate: '' };
    expect(periodOfInsurance(undated)).toEqual({ start: 'soon', end: '' });
    expect(periodOfInsurance(pa()).end).toMatch(/^\d{2}\/\d{2}\/2027$/);
    const noStart = home();
    noStart.policyHome = { ...noStart.policyHome!, effectiveDate: '' };
    expect(periodOfInsurance(noStart)).toEqual({ start: '', end: '' });
  });

  it('names the policyholder: the applicant, else the first insured', () => {
    expect(policyholderName(pa())).toBe('LIM MEI LING');
    const noApplicantTravel = travel();
    noApplicantTravel.policyTravel = {
      ...noApplicantTravel.policyTravel!,
      applicant: { ...noApplicantTravel.policyTravel!.applicant!, fullName: ' ' },
    };
    expect(policyholderName(noApplicantTravel)).toBe('TAN WEI MING');
    const noApplicantPa = pa();
    noApplicantPa.policyPAN = { ...noApplicantPa.policyPAN!, applicant: undefined };
    expect(policyholderName(noApplicantPa)).toBe('LIM MEI LING');
    const noApplicantHome = home();
    noApplicantHome.policyHome = { ...noApplicantHome.policyHome!, applicant: undefined };
    expect(policyholderName(noApplicantHome)).toBe('');
  });

  it("takes the applicant's e-mail, else the one given at payment", () => {
    expect(policyholderEmail(pa())).toBe('MEILING.LIM@EXAMPLE.COM');
    const paid = home();
    paid.policyHome = { ...paid.policyHome!, applicant: undefined };
    expect(policyholderEmail(paid)).toBe('');
    paid.payment = { ...(paid.payment ?? {}), email: ' payer@example.com ' } as TPolicy['payment'];
    expect(policyholderEmail(paid)).toBe('payer@example.com');
  });

  it('reads the plan bought and what was paid, and refuses a policy with none chosen', () => {
    const bought = travel();
    bought.policyTravel = { ...bought.policyTravel!, premiumItems: [item('BASIC', 20)] };
    expect(() => chosenPremium(bought)).toThrow('the PTR policy has no rated plan chosen');
    bought.policyTravel = { ...bought.policyTravel!, policyPremium: item('SUPER', 45.5) };
    expect(chosenPremium(bought).planName).toBe('SUPER');
    expect(totalPaidCents(bought)).toBe(4550);
  });
});
