import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import { ratedPolicy } from '../../../../test/checkout';
import { HEALTHY_SYSTEM, renderAt, stubServer, type TFakeRoute } from '../../../../test/render';
import { SaveForLaterButton } from './save-for-later-button';

const policy = ratedPolicy();

function start(
  routes: TFakeRoute[] = [{ match: /saved-quote$/, body: { saved: true } }],
  onOuterSubmit = vi.fn(),
) {
  const server = stubServer([...HEALTHY_SYSTEM, ...routes]);
  renderAt(
    // The applicant pages hold the button inside their own form.
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onOuterSubmit();
      }}
    >
      <SaveForLaterButton step="confirm" readPolicy={() => policy} />
    </form>,
  );
  return server;
}

const saved = (calls: { url: string; init: RequestInit | undefined }[]) =>
  calls.filter((call) => call.url.endsWith('/b2c-server/rest/saved-quote'));

beforeEach(() => useSystemStore.setState({ lang: 'en', country: 'SGP' }));
afterEach(() => vi.unstubAllGlobals());

describe('save for later (decision 076)', () => {
  it('starts with the applicant’s address and sends the journey, its step and language once it is valid', async () => {
    const outer = vi.fn();
    const { calls } = start(undefined, outer);
    await userEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save your quote for later' });
    const field = screen.getByLabelText('E-mail address');
    expect(field).toHaveProperty('value', 'WEIMING.TAN@EXAMPLE.COM');
    expect(dialog.textContent).toContain('30 days');

    await userEvent.clear(field);
    await userEvent.type(field, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(saved(calls)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'someone@example.com{Enter}');
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('someone@example.com'),
    );
    const [call] = saved(calls);
    expect(JSON.parse(String(call!.init?.body))).toMatchObject({
      step: 'confirm',
      email: 'someone@example.com',
      language: 'en',
      policy: { policyId: policy.policyId, productType: 'PTR' },
    });
    // The page's own form never submitted.
    expect(outer).not.toHaveBeenCalled();
  });

  it('says so when the session has saved too often, and when the save failed', async () => {
    start([{ match: /saved-quote$/, status: 429, body: { statusCode: 429, field: 'session' } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    await screen.findByRole('dialog', { name: 'Save your quote for later' });
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    await waitFor(() => expect(document.body.textContent).toContain('saved this quote several times'));
    vi.unstubAllGlobals();
    stubServer([...HEALTHY_SYSTEM, { match: /saved-quote$/, status: 500, body: { statusCode: 500 } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    await waitFor(() => expect(document.body.textContent).toContain("couldn't save your quote"));
  });

  it('saves the journey as last stored when the half-typed details break the schema', async () => {
    const half = {
      ...policy,
      policyTravel: {
        ...policy.policyTravel!,
        applicant: { ...policy.policyTravel!.applicant!, fullName: 'T@N!' },
      },
    };
    const server = stubServer(HEALTHY_SYSTEM);
    let tries = 0;
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      server.calls.push({ url: String(input), init });
      if (!String(input).endsWith('/saved-quote')) return new Response('true');
      tries += 1;
      return tries === 1
        ? new Response(JSON.stringify({ statusCode: 400, field: 'policyTravel.applicant.fullName' }), {
            status: 400,
          })
        : new Response(JSON.stringify({ saved: true }));
    });
    renderAt(<SaveForLaterButton step="applicant" readPolicy={() => half} readStoredPolicy={() => policy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    await screen.findByRole('dialog', { name: 'Save your quote for later' });
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    await screen.findByRole('status');
    const bodies = saved(server.calls).map((call) => JSON.parse(String(call.init?.body)));
    expect(bodies.map((body) => body.policy.policyTravel.applicant.fullName)).toEqual([
      'T@N!',
      'TAN WEI MING',
    ]);
  });

  it('speaks Chinese in a Chinese visit, in Traditional characters in Hong Kong', async () => {
    useSystemStore.setState({ lang: 'zh', country: 'HKG' });
    applyLanguage('zh', 'HKG');
    try {
      const { calls } = start();
      await userEvent.click(screen.getByRole('button', { name: '儲存報價，以後再買' }));
      expect(await screen.findByRole('dialog', { name: '儲存報價，以後再買' })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: '發送連結給我' }));
      await screen.findByRole('status');
      expect(JSON.parse(String(saved(calls)[0]!.init?.body))).toMatchObject({ language: 'zh' });
    } finally {
      applyLanguage('en', 'SGP');
    }
  });
});
