import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../test/render';
import { ApiCallError, getFlag, postJson } from './api-client';
import { getSessionName } from './session-name';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends Session-Name and JSON on every call, keeping one id for the tab', async () => {
    const { calls } = stubServer([{ match: /getCampaign/, body: { campaignCode: 'B2CC00' } }]);
    expect(await postJson('/b2c-server/rest/campaign/getCampaign', { country: 'SGP' })).toEqual({
      campaignCode: 'B2CC00',
    });
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers['Session-Name']).toBe(getSessionName());
    expect(headers['Content-Type']).toBe('application/json');
    expect(getSessionName()).toMatch(/^[0-9a-f-]{36}$/);
    expect(getSessionName()).toBe(getSessionName());
  });

  it('reads flag answers as booleans', async () => {
    stubServer([{ match: /pvt-status/, body: 'true' }]);
    expect(await getFlag('/b2c-server/rest/system/pvt-status?countryCode=SGP')).toBe(true);
  });

  it('logs a failed call with its URL and status, not its data, and throws the server message and key', async () => {
    const { calls } = stubServer([
      {
        match: /getStaffCode/,
        status: 404,
        body: { message: 'No staff code', messageKey: 'landingGetQuoteError.message', field: 'agent' },
      },
      { match: /b2c\/log/, status: 204, body: '' },
    ]);
    const error = await postJson('/b2c-server/rest/agent/getStaffCode/X', { secret: 'S1234567D' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 404, messageKey: 'landingGetQuoteError.message', field: 'agent' });
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url.includes('/b2c-server/b2c/log/error'))).toBe(true),
    );
    const log = calls.find((call) => call.url.includes('/b2c/log/'))!;
    expect(JSON.parse(String(log.init!.body))).toEqual({
      data: 'POST /b2c-server/rest/agent/getStaffCode/X failed: 404',
    });
  });

  it('logs network failures too', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('/b2c/log/')) return new Response('', { status: 204 });
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(postJson('/b2c-server/rest/policy/multirate', {})).rejects.toMatchObject({ status: 0 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
