import { EMPTY_CAMPAIGN } from '@lionrock/domain/schemas/campaign-agent-schema';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt, stubServer } from '../../../../test/render';
import { type TPromoMarket, usePromoCheck } from '../../hooks/use-promo-check';
import { usePromoField } from '../../hooks/use-promo-field';
import { PromoCodeField } from './promo-code-field';

const INVALID = "This promo code isn't valid. Please check it and try again.";

/** A landing's form as the PA and home landings build it: the field, and a submit that asks `confirm`. */
function Landing({ market, onQuote }: { market: TPromoMarket; onQuote: (code: string) => void }) {
  const [kept, setKept] = useState('');
  const promo = usePromoField({ market, initial: '', onKeep: setKept });
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (await promo.confirm()) onQuote(promo.value);
      }}
    >
      <PromoCodeField
        id="promo"
        classes={{}}
        value={promo.value}
        error={promo.error}
        checking={promo.checking}
        onChange={promo.change}
        onBlur={promo.blur}
      />
      <output data-testid="kept">{kept}</output>
      <button type="submit">Get a quote</button>
    </form>
  );
}

/** The quote page's use: the campaign (code and id) is known. */
function CampaignCheck({ onVerdict }: { onVerdict: (verdict: string | null | undefined) => void }) {
  const { verdictOf } = usePromoCheck(SG_PA);
  return (
    <button
      type="button"
      onClick={async () => onVerdict(await verdictOf({ campaignCode: 'PAFAMILY', campaignId: 7 }, 'NOPE'))}
    >
      check
    </button>
  );
}

const SG_PA: TPromoMarket = { productType: 'PAN', country: 'SGP' };

/** getCampaign answers the code's own campaign: valid for `valid`, refused for any other code. */
function campaignServer(valid: string) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).includes('campaign/getCampaign')) return new Response('{}', { status: 404 });
    const { promo } = JSON.parse(String(init?.body)) as { promo?: string };
    const ok = promo === valid;
    return new Response(
      JSON.stringify({
        ...EMPTY_CAMPAIGN,
        ...(ok ? { campaignId: 7, campaignCode: 'PAFAMILY' } : {}),
        promoCode: promo ?? '',
        validPromoCode: ok ? 'Y' : 'N',
      }),
      { status: 200 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the promotion code field of every landing (pa-home-payments section 5, travel-flow section 5)', () => {
  beforeEach(() => applyLanguage('en', 'SGP'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes at most 10 characters and keeps the code in the journey as it is typed', async () => {
    campaignServer('GOOD10');
    renderAt(<Landing market={SG_PA} onQuote={() => undefined} />, '/pa');
    const field = screen.getByLabelText('Promo code (optional)') as HTMLInputElement;
    await userEvent.type(field, 'abcdefghijk');
    expect(field.value).toBe('abcdefghij');
    expect(field.maxLength).toBe(10);
    expect(screen.getByTestId('kept').textContent).toBe('ABCDEFGHIJ');
  });

  it('asks the server on blur and shows its refusal beside the field, without a campaign in the link', async () => {
    const fetchMock = campaignServer('GOOD10');
    renderAt(<Landing market={SG_PA} onQuote={() => undefined} />, '/pa');
    const field = screen.getByLabelText('Promo code (optional)');
    await userEvent.type(field, 'WRONG1');
    fireEvent.blur(field);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('promo-error');
    expect(document.getElementById('promo-error')?.textContent).toBe(INVALID);
    const asked = fetchMock.mock.calls.find(([url]) => String(url).includes('campaign/getCampaign'));
    expect(JSON.parse(String(asked?.[1]?.body))).toMatchObject({
      productType: 'PAN',
      country: 'SGP',
      promo: 'WRONG1',
    });
  });

  it('refuses Get a quote with a refused code, and goes on with a valid one', async () => {
    campaignServer('GOOD10');
    const onQuote = vi.fn();
    renderAt(<Landing market={SG_PA} onQuote={onQuote} />, '/pa');
    const field = screen.getByLabelText('Promo code (optional)');
    await userEvent.type(field, 'WRONG1');
    await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(onQuote).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'GOOD10');
    // The message goes with the change, and the valid code is taken.
    expect(screen.queryByText(INVALID)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    await waitFor(() => expect(onQuote).toHaveBeenCalledWith('GOOD10'));
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('refuses a code that is not letters and digits without asking the server', async () => {
    const fetchMock = campaignServer('GOOD10');
    renderAt(<Landing market={SG_PA} onQuote={() => undefined} />, '/pa');
    const field = screen.getByLabelText('Promo code (optional)');
    await userEvent.type(field, '25%OFF');
    fireEvent.blur(field);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('campaign/'))).toBe(false);
  });

  it("asks validatePromoCode with the campaign's code and id when the page has the campaign", async () => {
    const { calls } = stubServer([...HEALTHY_SYSTEM, { match: /validatePromoCode/, body: 'N' }]);
    const answers: (string | null | undefined)[] = [];
    renderAt(<CampaignCheck onVerdict={(verdict) => answers.push(verdict)} />, '/pa');
    await userEvent.click(screen.getByRole('button', { name: 'check' }));
    await waitFor(() => expect(answers).toEqual(['landingPromotionCode.invalidPromoCode']));
    expect(calls.some((call) => call.url.endsWith('/campaign/validatePromoCode/PAFAMILY/NOPE/7'))).toBe(true);
  });
});
