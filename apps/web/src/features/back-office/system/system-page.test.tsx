import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import SystemPage from './system-page';

afterEach(() => vi.unstubAllGlobals());

const NOTICE = {
  id: 4,
  country: 'SGP',
  messageEn: 'Purchases pause on Sunday night.',
  messageZh: '周日晚暂停购买。',
  longMessageEn: '',
  longMessageZh: '',
  active: true,
  startsAt: '2026-12-13T01:00:00.000Z',
  endsAt: null,
};
const banner = (id: number, titleEn: string, sortOrder: number) => ({
  id,
  country: 'SGP',
  product: 'PTR',
  titleEn,
  titleZh: `${titleEn}（中文）`,
  contentEn: '',
  contentZh: '',
  url: null,
  sortOrder,
  active: true,
  startsAt: null,
  endsAt: null,
});
const SYSTEM = {
  flags: [],
  notices: [NOTICE],
  banners: [
    banner(11, 'Year-end getaway', 1),
    banner(12, 'Annual plans', 2),
    banner(13, 'COVID-19 cover', 3),
  ],
};

const sentBody = (calls: { url: string; init: RequestInit | undefined }[], method: string, end: string) =>
  JSON.parse(
    String(calls.find((call) => call.init?.method === method && call.url.endsWith(end))?.init?.body),
  );

/** Editing an existing notice's and banner's texts, schedule and place (decision 091). */
describe('SystemPage edit forms', () => {
  it('edits a notice: its texts in both languages and its schedule, the rest kept', async () => {
    const { calls } = stubServer([
      { match: /notices\/4$/, body: { ...NOTICE, messageEn: 'Purchases pause on Sunday from 1 am.' } },
      { match: /admin\/system$/, body: SYSTEM },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Edit the Singapore notice "Purchases pause on Sunday night."',
      }),
    );
    const form = screen.getByRole('form', { name: 'Edit the Singapore notice' });
    const english = within(form).getByLabelText('Message (English)');
    expect((english as HTMLInputElement).value).toBe(NOTICE.messageEn);
    await user.clear(english);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByRole('alert').textContent).toBe('Message (English) is required.');
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);

    await user.type(english, 'Purchases pause on Sunday from 1 am.');
    await user.type(within(form).getByLabelText('Details (Chinese)'), '详情见网站。');
    await user.clear(within(form).getByLabelText('Starts (optional)'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/The Singapore notice is saved/)).toBeTruthy();
    expect(sentBody(calls, 'PUT', '/notices/4')).toEqual({
      messageEn: 'Purchases pause on Sunday from 1 am.',
      longMessageEn: '',
      messageZh: NOTICE.messageZh,
      longMessageZh: '详情见网站。',
      startsAt: null,
      endsAt: null,
    });
  });

  it('edits a banner and moves it to another place in its list', async () => {
    const { calls } = stubServer([
      { match: /banners\/reorder$/, body: { ok: true } },
      { match: /banners\/13$/, body: banner(13, 'COVID-19 cover included', 3) },
      { match: /admin\/system$/, body: SYSTEM },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit "COVID-19 cover"' }));
    const form = screen.getByRole('form', { name: 'Edit banner "COVID-19 cover"' });
    await user.type(within(form).getByLabelText('Title (English)'), ' included');
    await user.type(within(form).getByLabelText('Link (optional)'), 'https://www.lionrock.example/covid');
    await user.selectOptions(within(form).getByLabelText('Place in its list'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/The banner is saved/)).toBeTruthy();
    expect(sentBody(calls, 'PUT', '/banners/13')).toMatchObject({
      titleEn: 'COVID-19 cover included',
      titleZh: 'COVID-19 cover（中文）',
      url: 'https://www.lionrock.example/covid',
      startsAt: null,
    });
    expect(sentBody(calls, 'POST', '/banners/reorder')).toEqual({ ids: [13, 11, 12] });
  });

  it('saves a banner without a reorder when its place is kept', async () => {
    const { calls } = stubServer([
      { match: /banners\/11$/, body: banner(11, 'Year-end getaway', 1) },
      { match: /admin\/system$/, body: SYSTEM },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit "Year-end getaway"' }));
    const form = screen.getByRole('form', { name: 'Edit banner "Year-end getaway"' });
    await user.type(within(form).getByLabelText('Text (English)'), 'Book by 31 December.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/The banner is saved/)).toBeTruthy();
    expect(sentBody(calls, 'PUT', '/banners/11')).toMatchObject({
      contentEn: 'Book by 31 December.',
      url: null,
    });
    expect(calls.some((call) => call.url.endsWith('/reorder'))).toBe(false);
  });
});
