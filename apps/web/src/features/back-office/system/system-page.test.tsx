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

/** Adding a notice (decision 082), checked with the domain's request before it is sent (decision 123). */
describe('SystemPage new notice', () => {
  it('says every missing message at once, the focus on the first, and sends nothing', async () => {
    const { calls } = stubServer([{ match: /admin\/system$/, body: SYSTEM }]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    const form = await screen.findByRole('form', { name: 'New notice' });
    await user.click(within(form).getByRole('button', { name: 'Add notice' }));
    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Message (English) is required.', 'Message (Chinese) is required.']);
    expect(document.activeElement).toBe(within(form).getByLabelText('Message (English)'));
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
  });

  it('sends the notice shown at once with its schedule, and puts the server’s refusal on its field', async () => {
    stubServer([{ match: /admin\/system$/, body: SYSTEM }]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    const form = await screen.findByRole('form', { name: 'New notice' });
    const { calls } = stubServer([
      {
        match: /notices$/,
        status: 400,
        body: { statusCode: 400, message: 'The end must come after the start.', field: 'endsAt' },
      },
    ]);
    await user.selectOptions(within(form).getByLabelText('Market'), 'HKG');
    await user.type(within(form).getByLabelText('Message (English)'), ' Upgrade on Sunday ');
    await user.type(within(form).getByLabelText('Message (Chinese)'), '星期日系統升級');
    await user.type(within(form).getByLabelText('Starts (optional)'), '2026-12-13T01:00');
    await user.type(within(form).getByLabelText('Ends (optional)'), '2026-12-12T01:00');
    await user.click(within(form).getByRole('button', { name: 'Add notice' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('The end must come after the start.');
    const ends = within(form).getByLabelText('Ends (optional)');
    expect(ends.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(ends);
    expect(sentBody(calls, 'POST', '/notices')).toEqual({
      country: 'HKG',
      messageEn: 'Upgrade on Sunday',
      longMessageEn: '',
      messageZh: '星期日系統升級',
      longMessageZh: '',
      startsAt: new Date('2026-12-13T01:00').toISOString(),
      endsAt: new Date('2026-12-12T01:00').toISOString(),
      active: true,
    });
  });

  it('says every problem of an edit at once, then puts the server’s refusal on its field', async () => {
    const { calls: before } = stubServer([{ match: /admin\/system$/, body: SYSTEM }]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit "Annual plans"' }));
    const form = screen.getByRole('form', { name: 'Edit banner "Annual plans"' });
    await user.clear(within(form).getByLabelText('Title (English)'));
    await user.clear(within(form).getByLabelText('Title (Chinese)'));
    await user.type(within(form).getByLabelText('Link (optional)'), 'www.lionrock.example');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      'Title (English) is required.',
      'Title (Chinese) is required.',
      'Enter a web address starting with https://.',
    ]);
    expect(document.activeElement).toBe(within(form).getByLabelText('Title (English)'));
    expect(before.some((call) => call.init?.method === 'PUT')).toBe(false);
    await user.type(within(form).getByLabelText('Title (English)'), 'Annual plans');
    await user.type(within(form).getByLabelText('Title (Chinese)'), '全年计划');
    await user.clear(within(form).getByLabelText('Link (optional)'));
    stubServer([
      {
        match: /banners\/12$/,
        status: 400,
        body: { statusCode: 400, message: 'url: Invalid URL', field: 'url' },
      },
    ]);
    await user.type(within(form).getByLabelText('Link (optional)'), 'https://www.lionrock.example/annual');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('url: Invalid URL');
    expect(within(form).getByLabelText('Link (optional)').getAttribute('aria-describedby')).toBe(alert.id);
  });
});

/** Adding a banner (issue 31): the same form as a notice's, with its product and link. */
describe('SystemPage new banner', () => {
  it('asks for both titles at once, then sends the banner for its market and product, shown at once', async () => {
    const { calls: none } = stubServer([{ match: /admin\/system$/, body: SYSTEM }]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    const form = await screen.findByRole('form', { name: 'New banner' });
    await user.click(within(form).getByRole('button', { name: 'Add banner' }));
    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Title (English) is required.', 'Title (Chinese) is required.']);
    expect(none.some((call) => call.init?.method === 'POST')).toBe(false);

    const { calls } = stubServer([
      { match: /banners$/, body: { id: 99 } },
      { match: /admin\/system$/, body: SYSTEM },
    ]);
    await user.selectOptions(within(form).getByLabelText('Market'), 'HKG');
    await user.selectOptions(within(form).getByLabelText('Product'), 'HOM');
    await user.type(within(form).getByLabelText('Title (English)'), 'Home cover for your flat');
    await user.type(within(form).getByLabelText('Title (Chinese)'), '為您的單位投保家居保險');
    await user.type(within(form).getByLabelText('Link (optional)'), 'https://www.lionrock.example/home');
    await user.click(within(form).getByRole('button', { name: 'Add banner' }));
    expect(
      await screen.findByText('The banner is added, last in its list. Every server shows it within seconds.'),
    ).toBeTruthy();
    expect(sentBody(calls, 'POST', '/banners')).toEqual({
      country: 'HKG',
      product: 'HOM',
      titleEn: 'Home cover for your flat',
      contentEn: '',
      titleZh: '為您的單位投保家居保險',
      contentZh: '',
      url: 'https://www.lionrock.example/home',
      startsAt: null,
      endsAt: null,
      active: true,
    });
  });
});
