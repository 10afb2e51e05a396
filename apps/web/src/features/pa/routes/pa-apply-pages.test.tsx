import { buildPaPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt } from '../../../test/render';
import { marketToday } from '../components/pa-dates';
import { type TPaPolicy, usePaFlowStore } from '../state/pa-flow-store';
import { PaApplicantPage } from './pa-applicant-page';
import { PaApplyPage } from './pa-apply-page';
import { PaOccupationPage } from './pa-occupation-page';

/** Answers the rating calls with the policy sent (priced A), recording each. */
function serve() {
  const sent: { path: string; body: TPolicyInput }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const rating = /policy\/(multirate|rate)$/.exec(url);
      if (rating) {
        const body = JSON.parse(String(init?.body)) as TPolicyInput;
        sent.push({ path: rating[1]!, body });
        const item = { planName: 'A', planCode: 'Plan-A-', premium: 168, gst: 15.12, totalPremium: 183.12 };
        return new Response(
          JSON.stringify({
            ...body,
            policyId: 'b633b901-6336-420a-9c9c-9af1318d1947',
            policyPAN: { ...body.policyPAN, premiumItems: [item], policyPremium: item },
          }),
        );
      }
      const route = HEALTHY_SYSTEM.find((candidate) => candidate.match.test(url));
      return new Response(typeof route?.body === 'string' ? route.body : JSON.stringify(route?.body ?? {}));
    }),
  );
  return sent;
}

/** A quoted family (plan A chosen) in the store, as the quote page leaves it. */
function quotedFamily(country: 'SGP' | 'HKG', children: number, withApplicant = false) {
  const today = marketToday(country);
  const base = buildPaPolicy(today, { country }) as TPaPolicy;
  const store = usePaFlowStore.getState();
  store.reset();
  usePaFlowStore.setState({
    policy: {
      ...base,
      policyPAN: {
        ...base.policyPAN,
        ...(withApplicant ? {} : { applicant: undefined }),
        insuredPersonType: 'family',
        family: { numberOfAdults: 1, noOfChildren: children },
        insured: {
          adult1: withApplicant
            ? { ...base.policyPAN.insured!.adult1!, idType: country === 'HKG' ? 'HKID' : 'NRIC' }
            : { occupation: '06', optionalCovers: [] },
          children: Array.from({ length: children }, () => ({
            lastName: '',
            idType: 'NRIC' as const,
            hkId: '',
            dateOfBirth: '',
            fullTimeStudent: 'NO' as const,
            optionalCovers: [],
          })),
        },
        selectedPlan: 'A',
      },
    },
    plans: [{ planName: 'A', planCode: 'Plan-A-', premium: 168, totalPremium: 183.12 }],
  });
}

describe('the PA apply pages (pa-home-payments sections 4 and 5)', () => {
  beforeEach(() => applyLanguage('en', 'SGP'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    applyLanguage('en', 'SGP');
  });

  it('asks for the declaration before a quote, and for residency in Singapore', async () => {
    serve();
    quotedFamily('SGP', 0);
    usePaFlowStore.getState().setUnderwriting({ riskStatementDeclared: false, residency: undefined });
    renderAt(<PaOccupationPage />, '/pa/occupation');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.riskStatementRequired))).toBeTruthy();
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.residencyRequired))).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'None of these' }));
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.residencyNotEligible))).toBeTruthy();
  });

  it('names the applicant field the domain refuses: an under-18 adult, a bad NRIC', async () => {
    serve();
    quotedFamily('SGP', 0);
    renderAt(<PaApplicantPage />, '/pa/applicant');
    const holder = within(screen.getByRole('region', { name: 'Applicant (Adult 1)' }));
    await userEvent.type(holder.getByLabelText('Full name (as in your ID)'), 'Tan Wei Ming');
    await userEvent.type(holder.getByLabelText('ID number'), 'S8512345A');
    await userEvent.type(holder.getByLabelText('Date of birth'), '15/06/2015');
    await userEvent.type(holder.getByLabelText('Mobile number'), '91234567');
    await userEvent.type(holder.getByLabelText('Email address'), 'weiming.tan@example.com');
    await userEvent.click(holder.getByRole('checkbox', { name: /email address is correct/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.invalidNric))).toBeTruthy();
    await userEvent.clear(holder.getByLabelText('ID number'));
    await userEvent.type(holder.getByLabelText('ID number'), 'S8512345I');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.birthDateBelow18))).toBeTruthy();
  });

  it('shows the student tick from 18, requires it, and says "unmarried" in Hong Kong', async () => {
    const sent = serve();
    quotedFamily('SGP', 1, true);
    renderAt(<PaApplyPage />, '/pa/apply');
    const child = within(screen.getByRole('region', { name: 'Child 1' }));
    await userEvent.type(child.getByLabelText('Full name (as in your ID)'), 'Tan Jia Hao');
    await userEvent.type(child.getByLabelText('ID number'), 'T0612345C');
    expect(child.queryByRole('checkbox')).toBeNull();
    await userEvent.type(child.getByLabelText('Date of birth'), '10/01/2006');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(child.getByText(i18n.t(MESSAGE_KEYS.fullTimeStudentUnchecked))).toBeTruthy();
    expect(sent.filter((call) => call.path === 'rate')).toEqual([]);
    await userEvent.click(child.getByRole('checkbox', { name: 'Full-time student' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent.filter((call) => call.path === 'rate')).toHaveLength(1));
    expect(sent.at(-1)?.body.policyPAN?.insured?.children?.[0]).toMatchObject({
      lastName: 'TAN JIA HAO',
      fullTimeStudent: 'YES',
    });
    cleanup();
    quotedFamily('HKG', 1, true);
    renderAt(<PaApplyPage />, '/pa/apply');
    await userEvent.type(screen.getByLabelText('Date of birth'), '10/01/2006');
    expect(screen.getByRole('checkbox', { name: 'Unmarried full-time student' })).toBeTruthy();
  });

  it('re-rates at once when a child is added or removed, keeping the plan', async () => {
    const sent = serve();
    quotedFamily('SGP', 1, true);
    renderAt(<PaApplyPage />, '/pa/apply');
    await userEvent.click(screen.getByRole('button', { name: 'Add child' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: 'multirate',
      body: { policyPAN: { family: { noOfChildren: 2 } } },
    });
    expect(screen.getByRole('region', { name: 'Child 2' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove child 1' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.policyPAN?.family?.noOfChildren).toBe(1);
    await waitFor(() => expect(usePaFlowStore.getState().policy.policyPAN.selectedPlan).toBe('A'));
  });

  it('adds a person as Adult 2 by their occupation, and a child, re-rating each at once', async () => {
    const sent = serve();
    quotedFamily('SGP', 0);
    renderAt(<PaApplicantPage />, '/pa/applicant');
    expect(screen.queryByRole('region', { name: 'Spouse (Adult 2)' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add adult' }));
    const spouse = within(screen.getByRole('region', { name: 'Spouse (Adult 2)' }));
    // A declined occupation is not added: no rating.
    await userEvent.type(spouse.getByRole('searchbox'), 'demolition');
    await userEvent.click(spouse.getAllByRole('radio')[0]!);
    expect(sent).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await userEvent.clear(spouse.getByRole('searchbox'));
    await userEvent.type(spouse.getByRole('searchbox'), 'nurse');
    await userEvent.click(spouse.getAllByRole('radio')[0]!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.policyPAN).toMatchObject({
      insuredPersonType: 'family',
      family: { numberOfAdults: 2, noOfChildren: 0 },
      insured: { adult2: { occupation: '07' } },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove adult 2' })).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Add child' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.policyPAN?.family).toEqual({ numberOfAdults: 2, noOfChildren: 1 });
    expect(usePaFlowStore.getState().policy.policyPAN.selectedPlan).toBe('A');
  });
});
