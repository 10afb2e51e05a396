import { addDays, formatDmy, formatIso } from '@lionrock/domain/dates/local-date';
import { PA_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import { paRateFacts } from '@lionrock/domain/rating/rate-facts';
import { EMPTY_CAMPAIGN } from '@lionrock/domain/schemas/campaign-agent-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt, stubServer } from '../../../test/render';
import { marketToday } from '../components/pa-dates';
import { usePaFlowStore } from '../state/pa-flow-store';
import { PaEffectiveDatePage } from './pa-effective-date-page';
import { PaPage } from './pa-page';

describe('the PA landing and effective date (pa-home-payments sections 2 and 5)', () => {
  beforeEach(() => {
    applyLanguage('en', 'SGP');
    stubServer([...HEALTHY_SYSTEM, { match: /getBanners/, body: [] }]);
    usePaFlowStore.getState().reset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('needs an occupation, and checks the promotion code on blur', async () => {
    // No campaign owns the code (decision 038): the server answers it is not valid.
    stubServer([
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
      {
        match: /campaign\/getCampaign/,
        body: { ...EMPTY_CAMPAIGN, promoCode: 'WAYTOOLONG', validPromoCode: 'N' },
      },
    ]);
    renderAt(<PaPage />, '/pa');
    await userEvent.click(await screen.findByRole('button', { name: 'Get a quote' }));
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.occupationRequired))).toBeTruthy();
    const promo = screen.getByLabelText('Promotion code (optional)') as HTMLInputElement;
    await userEvent.type(promo, 'WAYTOOLONGCODE');
    // The 11th character is not taken (pa-home-payments section 5: at most 10).
    expect(promo.value).toBe('WAYTOOLONG');
    fireEvent.blur(promo);
    expect(await screen.findByText(i18n.t(MESSAGE_KEYS.invalidPromoCode))).toBeTruthy();
    // Singapore offers 0 to 9 children.
    await userEvent.click(screen.getByRole('radio', { name: 'Family' }));
    const counts = screen.getByLabelText('Number of dependent children').querySelectorAll('option');
    expect([...counts].map((option) => option.value).at(-1)).toBe('9');
  });

  it('stays on the landing with a refused promotion code, its message beside the field', async () => {
    stubServer([
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
      {
        match: /campaign\/getCampaign/,
        body: { ...EMPTY_CAMPAIGN, promoCode: 'NOSUCH', validPromoCode: 'N' },
      },
    ]);
    renderAt(<PaPage />, '/pa');
    const group = await screen.findByRole('group', { name: 'Your occupation' });
    await userEvent.type(within(group).getByRole('searchbox'), 'teacher');
    await userEvent.click(within(group).getAllByRole('radio')[0]!);
    const promo = screen.getByLabelText('Promotion code (optional)');
    await userEvent.type(promo, 'nosuch');
    await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText(i18n.t(MESSAGE_KEYS.invalidPromoCode))).toBeTruthy();
    expect(document.activeElement).toBe(promo);
    // Not quoted: the journey did not move on, and it keeps the code as typed.
    expect(usePaFlowStore.getState().policy.policyPAN.insured?.adult1?.occupation ?? '').toBe('');
    expect(usePaFlowStore.getState().policy.promo).toBe('NOSUCH');
  });

  it('states the free children of the rate table in force today (decision 114)', async () => {
    // Underwriting's version in force today covers 5 children free (3 bundled).
    const today = paRateFacts(PA_RATE_TABLE, 'SGP');
    today.freeChildren = 5;
    stubServer([
      { match: /policy\/rate-facts\?country=SGP&product=PAN$/, body: today },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
    ]);
    renderAt(<PaPage />, '/pa');
    expect(screen.getByText(/with up to … children covered free\.$/)).toBeTruthy();
    expect(await screen.findByText(/with up to 5 children covered free\.$/)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Family' }));
    expect(screen.getByText('Up to 5 children are covered free under the Family Plan.')).toBeTruthy();
  });

  it('states the "from" price the server rates from the table in force, and none until it is known', async () => {
    // The rate facts in force answer the cheapest plan for one adult (from-price.ts): S$163.50 here.
    stubServer([
      {
        match: /policy\/rate-facts\?country=SGP&product=PAN$/,
        body: { ...paRateFacts(PA_RATE_TABLE, 'SGP'), fromPremiumCents: 16_350 },
      },
      ...HEALTHY_SYSTEM,
      { match: /getBanners/, body: [] },
    ]);
    renderAt(<PaPage />, '/pa');
    expect(screen.queryByTestId('pa-from-price')).toBeNull();
    expect((await screen.findByTestId('pa-from-price')).textContent).toBe(
      'Cover for one adult from S$163.50 a year, GST included.',
    );
  });

  it('takes a start from today to 90 days ahead and shows the end a year less a day later', async () => {
    const today = marketToday('SGP');
    usePaFlowStore.getState().setUnderwriting({ riskStatementDeclared: true, residency: 'CITIZEN' });
    renderAt(<PaEffectiveDatePage />, '/pa/effective-date');
    const start = screen.getByLabelText('Policy effective date');
    fireEvent.change(start, { target: { value: formatIso(addDays(today, 91)) } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.effectiveDateOutOfRange))).toBeTruthy();
    fireEvent.change(start, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(i18n.t(MESSAGE_KEYS.effectiveDateRequired))).toBeTruthy();
    fireEvent.change(start, { target: { value: '2027-03-01' } });
    expect(screen.getByTestId('pa-end-date').textContent).toBe(formatDmy({ year: 2028, month: 2, day: 29 }));
  });

  it('starts a new journey from the landing once the last policy was paid', async () => {
    usePaFlowStore.setState((state) => ({
      policy: { ...state.policy, policyId: 'b633b901-6336-420a-9c9c-9af1318d1947', paymentSuccess: 'true' },
    }));
    renderAt(<PaPage />, '/pa');
    const group = await screen.findByRole('group', { name: 'Your occupation' });
    await userEvent.type(within(group).getByRole('searchbox'), 'teacher');
    await userEvent.click(within(group).getAllByRole('radio')[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    const { policy } = usePaFlowStore.getState();
    expect(policy.policyId).toBeUndefined();
    expect(policy.paymentSuccess).toBe('false');
    expect(policy.policyPAN.insured?.adult1?.occupation).toBe('06');
  });
});
