import { REFERRAL_MESSAGE_KEYS } from '@lionrock/domain/back-office/referral-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt, stubServer } from '../../../test/render';
import { usePaFlowStore } from '../state/pa-flow-store';
import { PaReferPage } from './pa-refer-page';

/** "Ask our underwriters" (decision 089): the domain's form rules, the server's answer and refusals. */
describe('the refer-me page', () => {
  beforeEach(() => {
    applyLanguage('en', 'SGP');
    usePaFlowStore.getState().reset();
    usePaFlowStore.getState().setCover({
      insuredPersonType: 'individual',
      numberOfAdults: 1,
      noOfChildren: 0,
      occupations: ['1A'],
    });
    usePaFlowStore.getState().setUnderwriting({ riskStatementDeclared: true, residency: 'CITIZEN' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function fill() {
    await userEvent.type(screen.getByLabelText('Full name (as in your ID)'), 'Tan Ah Kow');
    await userEvent.type(screen.getByLabelText('ID number'), 'S8512345I');
    await userEvent.type(screen.getByLabelText('Mobile number'), '91234567');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ahkow@example.com');
  }

  it('checks the form by the domain rules, sends the quote with a start date, and shows the reference', async () => {
    const { calls } = stubServer([
      ...HEALTHY_SYSTEM,
      {
        match: /rest\/referral$/,
        status: 201,
        body: { referralId: 'x', reference: 'R-1234ABCD', status: 'open' },
      },
    ]);
    renderAt(<PaReferPage />, '/pa/refer?reason=OCCUPATION_DECLINED');
    expect(screen.getByText('Offshore or demolition worker')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send to our underwriters' }));
    expect(screen.getAllByText(i18n.t(MESSAGE_KEYS.required)).length).toBe(4);
    expect(screen.getByText(i18n.t(REFERRAL_MESSAGE_KEYS.consent))).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/referral'))).toBe(false);
    await fill();
    await userEvent.click(screen.getByRole('checkbox', { name: /You may contact me/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send to our underwriters' }));
    expect(await screen.findByText(/Your reference is R-1234ABCD/)).toBeTruthy();
    const sent = JSON.parse(String(calls.find((call) => call.url.endsWith('/referral'))!.init!.body));
    expect(sent.contact).toMatchObject({ idType: 'NRIC', idNumber: 'S8512345I', consent: true });
    expect(sent.policy.policyPAN.insured.adult1.occupation).toBe('1A');
    expect(sent.policy.policyPAN.effectiveDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('shows the server refusal beside the field it names', async () => {
    stubServer([
      ...HEALTHY_SYSTEM,
      {
        match: /rest\/referral$/,
        status: 409,
        body: {
          statusCode: 409,
          message: 'open',
          field: 'contact.idNumber',
          messageKey: REFERRAL_MESSAGE_KEYS.alreadyOpen,
        },
      },
    ]);
    renderAt(<PaReferPage />, '/pa/refer?reason=OCCUPATION_DECLINED');
    await fill();
    await userEvent.click(screen.getByRole('checkbox', { name: /You may contact me/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send to our underwriters' }));
    expect(await screen.findByText(i18n.t(REFERRAL_MESSAGE_KEYS.alreadyOpen))).toBeTruthy();
    expect(screen.getByLabelText('ID number').getAttribute('aria-invalid')).toBe('true');
  });
});
