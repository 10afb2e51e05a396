import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEALTHY_SYSTEM, renderAt, stubServer } from '../../../test/render';
import { HolderSignIn } from './holder-sign-in';

const SIGNED_IN = {
  country: 'SGP',
  policies: [
    {
      policyId: 'b633b901-0000-4000-8000-000000000001',
      policyNumber: 'TSG26-0000001',
      productType: 'PTR',
      status: 'issued',
      startDate: '2026-12-09',
      endDate: '2027-12-08',
    },
  ],
};
const REFUSED = { statusCode: 401, error: 'Unauthorized', message: 'no', field: 'code' };
const CHALLENGE = 'c'.repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Policy number'), 'tsg26-0000001');
  await user.type(screen.getByLabelText("Policyholder's ID number"), 'S8512345I');
  await user.type(screen.getByLabelText("Policyholder's date of birth"), '15/06/1985');
  await user.click(screen.getByRole('button', { name: 'E-mail me a code' }));
}

describe('HolderSignIn (design section 12)', () => {
  it("names each field's own mistake before anything is sent", async () => {
    const { calls } = stubServer(HEALTHY_SYSTEM);
    const user = userEvent.setup();
    renderAt(<HolderSignIn onSignedIn={() => undefined} />, '/my-policy');
    await user.type(screen.getByLabelText("Policyholder's date of birth"), '31/02/1985');
    await user.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect(screen.getByText('Please enter your policy number.')).toBeTruthy();
    expect(screen.getByText("Please enter the policyholder's ID number.")).toBeTruthy();
    expect(screen.getByText('Please enter a real date as DD/MM/YYYY.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Policy number'));
    expect(calls.some((call) => call.url.includes('access/start'))).toBe(false);
  });

  it('sends the three facts, then the code, and hands the policies to the page', async () => {
    const { calls } = stubServer([
      ...HEALTHY_SYSTEM,
      { match: /access\/start/, body: { accepted: true, challenge: CHALLENGE } },
      { match: /access\/verify/, body: SIGNED_IN },
    ]);
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderAt(<HolderSignIn onSignedIn={onSignedIn} />, '/my-policy');
    await fillDetails(user);
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    const start = calls.find((call) => call.url.includes('access/start'));
    expect(JSON.parse(String(start?.init?.body))).toEqual({
      policyNumber: 'tsg26-0000001',
      idNumber: 'S8512345I',
      dateOfBirth: '15/06/1985',
      language: 'en',
    });
    expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.type(screen.getByLabelText('One-time code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Open my policy' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SIGNED_IN));
    const verify = calls.find((call) => call.url.includes('access/verify'));
    // The code goes back with the challenge only this browser was given (decision 101).
    expect(JSON.parse(String(verify?.init?.body))).toEqual({ challenge: CHALLENGE, code: '123456' });
    // Signed in, the sign-in under way is forgotten.
    expect(window.sessionStorage.getItem('lionrock.myPolicy.signIn')).toBeNull();
  });

  it('keeps the code step through a reload, without the ID number or birth date', async () => {
    stubServer([
      ...HEALTHY_SYSTEM,
      { match: /access\/start/, body: { accepted: true, challenge: CHALLENGE } },
    ]);
    const user = userEvent.setup();
    const first = renderAt(<HolderSignIn onSignedIn={() => undefined} />, '/my-policy');
    await fillDetails(user);
    await screen.findByRole('heading', { name: 'Enter your code' });
    const kept = window.sessionStorage.getItem('lionrock.myPolicy.signIn') ?? '';
    expect(JSON.parse(kept)).toEqual({ policyNumber: 'tsg26-0000001', challenge: CHALLENGE });
    expect(kept).not.toContain('S8512345I');
    expect(kept).not.toContain('1985');
    first.unmount();
    renderAt(<HolderSignIn onSignedIn={() => undefined} />, '/my-policy');
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
  });

  it('starts with the policy number a link gave', async () => {
    stubServer(HEALTHY_SYSTEM);
    renderAt(<HolderSignIn onSignedIn={() => undefined} policyNumber="TSG26-0000042" />, '/my-policy');
    expect((screen.getByLabelText('Policy number') as HTMLInputElement).value).toBe('TSG26-0000042');
  });

  it('says a refused code plainly, without telling why', async () => {
    stubServer([
      ...HEALTHY_SYSTEM,
      { match: /access\/start/, body: { accepted: true, challenge: CHALLENGE } },
      { match: /access\/verify/, status: 401, body: REFUSED },
    ]);
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderAt(<HolderSignIn onSignedIn={onSignedIn} />, '/my-policy');
    await fillDetails(user);
    await user.type(await screen.findByLabelText('One-time code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Open my policy' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^That code isn't right or no longer works/,
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
