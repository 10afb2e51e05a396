import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../lib/api-client';
import { getSessionName } from '../../../lib/session-name';
import { useErrorStore } from '../../../state/error-store';
import { stubServer } from '../../../test/render';
import { callErrorKey, PriceChangedError, ratingErrorKey, showRatingError, travelApi } from './travel-api';

const policy = buildTravelPolicy(localDate(2026, 11, 23));

afterEach(() => vi.unstubAllGlobals());

describe('the travel calls', () => {
  it('posts the whole policy to the rating calls with Session-Name', async () => {
    const { calls } = stubServer([{ match: /policy\/(multirate|rate|rateTopup)$/, body: policy }]);
    await travelApi.multirate(policy);
    await travelApi.rate(policy);
    await travelApi.rateTopup(policy);
    expect(calls.map((call) => call.url)).toEqual([
      '/b2c-server/rest/policy/multirate',
      '/b2c-server/rest/policy/rate',
      '/b2c-server/rest/policy/rateTopup',
    ]);
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers['Session-Name']).toBe(getSessionName());
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual(policy);
  });

  it('turns a 409 price change into the current policy', async () => {
    const repriced = { ...policy, policyId: '00000000-0000-4000-8000-000000000001' };
    stubServer([
      {
        match: /policy\/rate$/,
        status: 409,
        body: { statusCode: 409, messageKey: 'quotePriceChanged.message', policy: repriced },
      },
      { match: /b2c\/log/, status: 204, body: '' },
    ]);
    const error = await travelApi.rate(policy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PriceChangedError);
    expect((error as PriceChangedError).policy).toEqual(repriced);
  });

  it('keeps a 400 as the field and the spec’s key', async () => {
    stubServer([
      {
        match: /multirate/,
        status: 400,
        body: { field: 'promo', messageKey: 'landingPromotionCode.invalidPromoCode', message: 'bad promo' },
      },
      { match: /b2c\/log/, status: 204, body: '' },
    ]);
    const error = await travelApi.multirate(policy).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, field: 'promo' });
    expect(callErrorKey(error)).toBe('landingPromotionCode.invalidPromoCode');
  });

  it('asks about a promo code with campaign code, promo and campaign id, reading Y or N', async () => {
    const { calls } = stubServer([{ match: /validatePromoCode/, body: 'Y' }]);
    expect(await travelApi.validatePromoCode('YEAREND', 'YEAREND25', 2)).toBe('Y');
    expect(calls[0]!.url).toBe('/b2c-server/rest/campaign/validatePromoCode/YEAREND/YEAREND25/2');
  });

  it('asks for the link’s campaign, or the direct one without a code', async () => {
    const { calls } = stubServer([{ match: /getCampaign/, body: { campaignCode: 'B2CC00' } }]);
    await travelApi.getCampaign({ country: 'SGP' });
    await travelApi.getCampaign({ country: 'SGP', campaignCode: 'YEAREND' });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ country: 'SGP', productType: 'PTR' });
    expect(JSON.parse(String(calls[1]!.init!.body))).toEqual({
      country: 'SGP',
      productType: 'PTR',
      campaign: { campaignCode: 'YEAREND' },
    });
  });

  it('shows any other error message as the generic "Oops!" error, logged to the server', async () => {
    const { calls } = stubServer([{ match: /b2c\/log/, status: 204, body: '' }]);
    const shown: string[] = [];
    showRatingError({ errorMessage: 'Decline: Underwriting/Compliance.' }, (key) => shown.push(key));
    expect(shown).toEqual(['BlacklistedErrorMessage.label']);
    expect(useErrorStore.getState().errors).toBeNull();
    showRatingError({ errorMessage: 'Rating engine says no' }, (key) => shown.push(key));
    expect(shown).toHaveLength(1);
    expect(useErrorStore.getState().errors).toEqual([]);
    await vi.waitFor(() => expect(calls.some((call) => /b2c\/log\/error$/.test(call.url))).toBe(true));
    expect(String(calls.find((call) => /b2c\/log/.test(call.url))?.init?.body)).toContain(
      'Rating engine says no',
    );
    useErrorStore.getState().clearError();
  });

  it('picks the message of a refused or failed rating (travel-flow section 8)', () => {
    expect(ratingErrorKey({ errorMessage: 'Decline: Underwriting/Compliance.' })).toBe(
      'BlacklistedErrorMessage.label',
    );
    expect(ratingErrorKey({ errorMessage: 'Private', messageKey: 'pvtModeOn.label' })).toBe(
      'pvtModeOn.label',
    );
    // Any other error message: the generic "Oops!" error with an empty list (showRatingError).
    expect(ratingErrorKey({ errorMessage: 'Something else' })).toBeNull();
    expect(callErrorKey(new ApiCallError('network error', 0))).toBe('landingGetQuoteError.message');
    expect(callErrorKey(new ApiCallError('boom', 500, { messageKey: 'x' }))).toBe(
      'landingGetQuoteError.message',
    );
  });
});
