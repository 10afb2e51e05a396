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
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.paBirthDateBelow18))).toBeTruthy();
  });

  it('tells an applicant of 65 to 70 what the age changes: half the death and disablement cover, same premium', async () => {
    const sent = serve();
    quotedFamily('SGP', 0);
    renderAt(<PaApplicantPage />, '/pa/applicant');
    const today = marketToday('SGP');
    const holder = within(screen.getByRole('region', { name: 'Applicant (Adult 1)' }));
    await userEvent.type(holder.getByLabelText('Full name (as in your ID)'), 'Tan Ah Kow');
    await userEvent.type(holder.getByLabelText('ID number'), 'S8512345I');
    await userEvent.type(holder.getByLabelText('Date of birth'), `01/01/${today.year - 67}`);
    await userEvent.type(holder.getByLabelText('Mobile number'), '91234567');
    await userEvent.type(holder.getByLabelText('Email address'), 'ahkow.tan@example.com');
    await userEvent.click(holder.getByRole('checkbox', { name: /email address is correct/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const popup = await screen.findByRole('dialog', { name: 'About your premium and benefits' });
    // It promises no premium review: it says what changes (the cover) and what does not (the premium).
    expect(popup.textContent).toContain(
      'An insured person aged 65 to 70 gets half the accidental death and disablement cover, at the same premium.',
    );
    expect(popup.textContent).not.toMatch(/review/i);
    expect(within(popup).getByRole('table')).toBeTruthy();
    expect(sent.filter((call) => call.path === 'rate')).toEqual([]);
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

  it('flags every empty field of the applicant page at once, the focus on the first, with a summary', async () => {
    const sent = serve();
    quotedFamily('SGP', 0);
    usePaFlowStore.getState().setPeople({ applicant: undefined });
    renderAt(<PaApplicantPage />, '/pa/applicant');
    const holder = within(screen.getByRole('region', { name: 'Applicant (Adult 1)' }));
    await userEvent.clear(holder.getByLabelText('Country code'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const invalid = () =>
      holder
        .getAllByRole('textbox')
        .filter((input) => input.getAttribute('aria-invalid') === 'true')
        .map((input) => input.id);
    await waitFor(() =>
      expect(invalid()).toEqual([
        'pa-adult1-name',
        'pa-adult1-id',
        'pa-adult1-dateOfBirth',
        'pa-mobile-code',
        'pa-mobile',
        'pa-email',
      ]),
    );
    expect(document.activeElement?.id).toBe('pa-adult1-name');
    expect(screen.getByText(i18n.t('applicant.errorSummary', { count: 7 })).getAttribute('role')).toBe(
      'alert',
    );
    expect(sent).toEqual([]);
  });

  it('flags every empty field of both children at once on the family page, the focus on the first', async () => {
    const sent = serve();
    quotedFamily('SGP', 2, true);
    renderAt(<PaApplyPage />, '/pa/apply');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const invalidIn = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('textbox')
        .filter((input) => input.getAttribute('aria-invalid') === 'true').length;
    // One press: the name, ID number and date of birth of each child, not one field per press.
    await waitFor(() => expect([invalidIn('Child 1'), invalidIn('Child 2')]).toEqual([3, 3]));
    const first = within(screen.getByRole('region', { name: 'Child 1' })).getByLabelText(
      'Full name (as in your ID)',
    );
    expect(document.activeElement).toBe(first);
    expect(sent.filter((call) => call.path === 'rate')).toEqual([]);
  });

  it('keeps what is typed in the journey, so a reload shows it again', async () => {
    serve();
    quotedFamily('SGP', 0);
    renderAt(<PaApplicantPage />, '/pa/applicant');
    const holder = within(screen.getByRole('region', { name: 'Applicant (Adult 1)' }));
    await userEvent.type(holder.getByLabelText('Full name (as in your ID)'), 'Tan Wei Ming');
    await userEvent.type(holder.getByLabelText('Date of birth'), '15/06/1985');
    cleanup();
    renderAt(<PaApplicantPage />, '/pa/applicant');
    const again = within(screen.getByRole('region', { name: 'Applicant (Adult 1)' }));
    expect((again.getByLabelText('Full name (as in your ID)') as HTMLInputElement).value).toBe(
      'TAN WEI MING',
    );
    expect((again.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('15/06/1985');
  });

  it('adds a child without sending the half-typed applicant, and keeps the page', async () => {
    const sent = serve();
    quotedFamily('SGP', 0);
    renderAt(<PaApplicantPage />, '/pa/applicant');
    const holder = within(screen.getByRole('region', { name: 'Applicant (Adult 1)' }));
    await userEvent.type(holder.getByLabelText('Full name (as in your ID)'), 'Tan Wei Ming');
    await userEvent.click(screen.getByRole('button', { name: 'Add child' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.policyPAN?.applicant).toBeUndefined();
    expect(sent[0]?.body.policyPAN?.family).toEqual({ numberOfAdults: 1, noOfChildren: 1 });
    expect((holder.getByLabelText('Full name (as in your ID)') as HTMLInputElement).value).toBe(
      'Tan Wei Ming',
    );
    expect(usePaFlowStore.getState().policy.policyPAN.applicant?.fullName).toBe('TAN WEI MING');
  });

  it('flags a spouse who repeats the applicant on the spouse, though the family has children', async () => {
    const sent = serve();
    quotedFamily('SGP', 1, true);
    const store = usePaFlowStore.getState();
    store.setCover({
      insuredPersonType: 'family',
      numberOfAdults: 2,
      noOfChildren: 1,
      occupations: ['06', '06'],
    });
    store.choosePlan('A');
    renderAt(<PaApplicantPage />, '/pa/applicant');
    await userEvent.click(screen.getByRole('checkbox', { name: /email address is correct/ }));
    const spouse = within(screen.getByRole('region', { name: 'Spouse (Adult 2)' }));
    const adult1 = buildPaPolicy(marketToday('SGP')).policyPAN!.insured!.adult1!;
    await userEvent.type(spouse.getByLabelText('Full name (as in your ID)'), 'Tan Ah Kow');
    await userEvent.type(spouse.getByLabelText('ID number'), adult1.hkId!);
    await userEvent.type(spouse.getByLabelText('Date of birth'), '01/01/1980');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(spouse.getByText(i18n.t(MESSAGE_KEYS.idDuplicated))).toBeTruthy());
    expect(sent).toEqual([]);
  });

  it('shows each field a 400 names on that field, not the "try again" text', async () => {
    serve();
    quotedFamily('SGP', 0, true);
    renderAt(<PaApplicantPage />, '/pa/applicant');
    await userEvent.click(screen.getByRole('checkbox', { name: /email address is correct/ }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'refused',
            field: 'policyPAN.applicant.mobileNo',
            messageKey: MESSAGE_KEYS.required,
            errors: [
              { field: 'policyPAN.applicant.mobileNo', messageKey: MESSAGE_KEYS.required },
              { field: 'policyPAN.insured.adult1.dateOfBirth', messageKey: MESSAGE_KEYS.birthDateInvalid },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByLabelText('Date of birth').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(i18n.t(MESSAGE_KEYS.getQuoteError))).toBeNull();
  });
});
