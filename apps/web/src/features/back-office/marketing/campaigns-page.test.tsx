import { VALID_CAMPAIGN } from '@lionrock/domain/back-office/campaign-rules.fixtures';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import CampaignsPage from './campaigns-page';

afterEach(() => vi.unstubAllGlobals());

/** A saved campaign as the server lists it: the domain's example, with its id, codes and last editor. */
const SPRING = {
  campaignId: 7,
  ...VALID_CAMPAIGN,
  codes: { available: 0, reserved: 0, used: 0 },
  updatedBy: 'marketing.one',
};
const detail = (campaign: typeof SPRING) => ({ campaign, sales: { policies: 0 }, audit: [] });
const alerts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);
const posts = (calls: { init?: RequestInit | undefined }[]) =>
  calls.filter((call) => call.init?.method === 'POST' || call.init?.method === 'PUT');

async function openNewCampaign() {
  const user = userEvent.setup();
  renderAs('marketing', <CampaignsPage />);
  await user.click(await screen.findByRole('button', { name: 'New campaign' }));
  return user;
}

describe('CampaignsPage: the campaign form (decision 123)', () => {
  it('flags every problem of an empty campaign at once, focuses the first, and sends nothing', async () => {
    const { calls } = stubServer([{ match: /admin\/campaigns$/, body: { campaigns: [] } }]);
    const user = await openNewCampaign();
    await user.clear(screen.getByLabelText('Discount'));
    await user.selectOptions(screen.getByLabelText('Promo code'), 'SINGLE_USE');
    await user.type(screen.getByLabelText('Voucher per policy (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));

    expect(alerts()).toEqual([
      'Use 3 to 20 capital letters and digits.',
      'Give the campaign a name of at most 100 characters.',
      'Enter a real date.',
      'Enter a real date.',
      'Enter a number, 0 or more, with at most 2 decimals.',
      'Tell customers where their code comes from.',
      'Write the terms in English.',
      'Write the terms in Chinese.',
      'A voucher is an amount in dollars and cents above 0, or none.',
      'Say what the voucher is.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Campaign code'));
    expect(screen.getByRole('status').textContent).toBe('Check the marked fields.');
    expect(posts(calls)).toEqual([]);
  });

  it('words a discount too large for its kind, and a last day before the first', async () => {
    stubServer([{ match: /admin\/campaigns$/, body: { campaigns: [] } }]);
    const user = await openNewCampaign();
    await user.type(screen.getByLabelText('First day'), '31/03/2027');
    await user.type(screen.getByLabelText('Last day'), '01/03/2027');
    await user.clear(screen.getByLabelText('Discount'));
    // A percentage is typed as one (50.01%), not in basis points.
    await user.type(screen.getByLabelText('Discount'), '50.01');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    expect(screen.getByText('The campaign must end on or after its first day.')).toBeTruthy();
    expect(screen.getByText('A percentage discount is at most 50%.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Discount kind'), 'AMOUNT');
    await user.clear(screen.getByLabelText('Discount'));
    // An amount off is typed in dollars and cents.
    await user.type(screen.getByLabelText('Discount'), '500.01');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    expect(screen.getByText('An amount off is at most 500.00.')).toBeTruthy();
  });

  it('sends the request (numbers, the promo choice as its two fields), and puts a refusal on its field', async () => {
    const { calls } = stubServer([
      {
        match: /admin\/campaigns$/,
        status: 409,
        body: { message: 'There is already a campaign with this code.', field: 'campaignCode' },
      },
    ]);
    const user = await openNewCampaign();
    await user.type(screen.getByLabelText('Campaign code'), 'spring27');
    await user.type(screen.getByLabelText('Name'), '  Spring  ');
    await user.type(screen.getByLabelText('First day'), '01/03/2027');
    await user.type(screen.getByLabelText('Last day'), '31/03/2027');
    await user.clear(screen.getByLabelText('Discount'));
    await user.type(screen.getByLabelText('Discount'), '10');
    await user.selectOptions(screen.getByLabelText('Promo code'), 'REUSABLE');
    await user.type(screen.getByLabelText('Where the code comes from (English)'), 'Our newsletter');
    await user.type(screen.getByLabelText('Terms and conditions (English)'), 'One code per policy.');
    await user.type(screen.getByLabelText('Terms and conditions (Chinese)'), '每份保单限用一个优惠码。');
    await user.type(screen.getByLabelText('Voucher per policy (optional)'), '15.00');
    await user.type(screen.getByLabelText('Voucher (English)'), 'A supermarket voucher');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));

    expect(await screen.findByText('There is already a campaign with this code.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Campaign code'));
    const [post] = posts(calls);
    // The example campaign, but for what this form left empty or typed otherwise.
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      ...VALID_CAMPAIGN,
      campaignName: 'Spring',
      marketingMessage: '',
      marketingMessageCn: '',
      promoCodeReusability: 'REUSABLE',
      promoCodeDescription: 'Our newsletter',
      promoCodeDescriptionCn: '',
      voucherCents: 1500,
      voucherDescription: 'A supermarket voucher',
    });
  });

  it("edits a saved campaign from its values, sending only the request's fields", async () => {
    const { calls } = stubServer([
      { match: /admin\/campaigns\/7$/, body: detail(SPRING) },
      { match: /admin\/campaigns$/, body: { campaigns: [SPRING] } },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <CampaignsPage />);
    await user.click(await screen.findByRole('button', { name: 'SPRING27' }));
    await user.click(await screen.findByRole('button', { name: 'Edit campaign' }));
    expect((screen.getByLabelText('Promo code') as HTMLSelectElement).value).toBe('SINGLE_USE');
    // Its 1000 basis points shown as the percentage staff type.
    expect((screen.getByLabelText('Discount') as HTMLInputElement).value).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    await screen.findByRole('button', { name: 'Edit campaign' });
    const put = calls.find((call) => call.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual(VALID_CAMPAIGN);
  });
});

describe('CampaignsPage: promo codes (decision 123)', () => {
  it('refuses a wrong count and prefix at once, says how many were made, and puts a refusal on its field', async () => {
    const { calls } = stubServer([
      { match: /admin\/campaigns\/7\/codes$/, body: { added: 5 } },
      { match: /admin\/campaigns\/7$/, body: detail(SPRING) },
      { match: /admin\/campaigns$/, body: { campaigns: [SPRING] } },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <CampaignsPage />);
    await user.click(await screen.findByRole('button', { name: 'SPRING27' }));
    const count = await screen.findByLabelText(/How many single-use codes/);
    await user.clear(count);
    await user.type(count, '5001');
    await user.type(screen.getByLabelText('Prefix (optional, up to 4)'), 'S-1');
    await user.click(screen.getByRole('button', { name: 'Make codes' }));
    expect(alerts()).toEqual([
      'Enter a whole number from 1 to 5000.',
      'A prefix is up to 4 capital letters or digits.',
    ]);
    expect(document.activeElement).toBe(count);
    expect(posts(calls)).toEqual([]);

    await user.clear(count);
    await user.type(count, '5');
    await user.clear(screen.getByLabelText('Prefix (optional, up to 4)'));
    await user.type(screen.getByLabelText('Prefix (optional, up to 4)'), 'sp');
    await user.click(screen.getByRole('button', { name: 'Make codes' }));
    expect(await screen.findByText('5 codes added.')).toBeTruthy();
    expect(JSON.parse(String(posts(calls)[0]?.init?.body))).toEqual({ count: 5, prefix: 'SP' });

    stubServer([
      {
        match: /admin\/campaigns\/7\/codes$/,
        status: 409,
        body: { message: 'Codes are made in bulk for a single-use campaign.', field: 'count' },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Make codes' }));
    expect(await screen.findByText('Codes are made in bulk for a single-use campaign.')).toBeTruthy();
    expect(document.activeElement).toBe(count);
  });

  it("puts the server's refusal of a typed code on the code", async () => {
    const reusable: typeof SPRING = { ...SPRING, promoCodeReusability: 'REUSABLE' };
    const { calls } = stubServer([
      {
        match: /admin\/campaigns\/7\/codes$/,
        status: 409,
        body: { message: 'This campaign has that code already.', field: 'code' },
      },
      { match: /admin\/campaigns\/7$/, body: detail(reusable) },
      { match: /admin\/campaigns$/, body: { campaigns: [reusable] } },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <CampaignsPage />);
    await user.click(await screen.findByRole('button', { name: 'SPRING27' }));
    const code = await screen.findByLabelText('Code for everyone');
    await user.type(code, 'ab');
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(alerts()).toEqual(['A code is 3 to 10 capital letters or digits.']);
    expect(posts(calls)).toEqual([]);

    await user.type(code, 'c10');
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    expect(await screen.findByText('This campaign has that code already.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(String(posts(calls)[0]?.init?.body))).toEqual({ code: 'ABC10' });
  });
});
