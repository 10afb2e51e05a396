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

afterEach(() => vi.unstubAllGlobals());

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
      { match: /access\/start/, body: { accepted: true } },
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
    expect(JSON.parse(String(verify?.init?.body))).toEqual({ policyNumber: 'TSG26-0000001', code: '123456' });
  });

  it('says a refused code plainly, without telling why', async () => {
    stubServer([
      ...HEALTHY_SYSTEM,
      { match: /access\/start/, body: { accepted: true } },
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
