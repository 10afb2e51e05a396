import { FLOOR_AREA_BANDS } from '@lionrock/domain/home/home-model';
import { TRAVELLER_LIMITS } from '@lionrock/domain/travel/trip-rules';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translatorFor } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { renderStaff } from '../../../test/back-office';
import CustomerQuotePage from './customer-quote-page';

function server(answer: { status?: number; body: unknown }) {
  const posts: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      posts.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    useSystemStore.getState().setLanguage('en');
    useSystemStore.getState().setCountry('SGP');
  });
});

describe('CustomerQuotePage', () => {
  it("takes the shop's traveller limits, not limits of its own (travel-flow section 9)", async () => {
    renderStaff(<CustomerQuotePage />);
    const individuals = screen.getByLabelText('Number of travellers');
    expect(individuals.getAttribute('min')).toBe(String(TRAVELLER_LIMITS.minIndividuals));
    expect(individuals.getAttribute('max')).toBe(String(TRAVELLER_LIMITS.maxIndividuals));
    await userEvent.selectOptions(screen.getByLabelText('Who travels'), 'FM');
    const adults = screen.getByLabelText('Adults');
    expect([adults.getAttribute('min'), adults.getAttribute('max')]).toEqual([
      String(TRAVELLER_LIMITS.minAdults),
      String(TRAVELLER_LIMITS.maxAdults),
    ]);
    expect(screen.getByLabelText('Children').getAttribute('max')).toBe(String(TRAVELLER_LIMITS.maxChildren));
  });

  it('sends the travel choices and shows only the masked address and the plans', async () => {
    const posts = server({
      body: {
        sentTo: 'c***@e***.com',
        currency: 'SGD',
        plans: [
          { planCode: 'Standard', totalPremium: 41.2 },
          { planCode: 'Super', totalPremium: 60 },
        ],
      },
    });
    renderStaff(<CustomerQuotePage />);
    await userEvent.type(screen.getByLabelText('Customer’s e-mail'), 'customer@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Destination'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail the quote to the customer' }));
    expect((await screen.findByTestId('customer-quote-sent')).textContent).toBe('Sent to c***@e***.com.');
    expect(screen.getByRole('table').textContent).toContain('SGD 41.20');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      product: 'travel',
      market: 'SGP',
      customerEmail: 'customer@example.com',
      language: 'en',
      travel: { tripType: 'S', destination: '3', travellers: { travellerType: 'ID', individuals: 1 } },
    });
  });

  it('shows a declined occupation at its field, in Simplified Chinese for Singapore', async () => {
    act(() => useSystemStore.getState().setLanguage('zh'));
    server({
      status: 400,
      body: {
        statusCode: 400,
        message: 'Decline: Coverage is not available for this occupation',
        field: 'pa.occupation',
      },
    });
    renderStaff(<CustomerQuotePage />);
    expect(screen.getByRole('heading', { level: 1, name: '为客户报价' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('产品'), 'pa');
    await userEvent.selectOptions(screen.getByLabelText('职业'), '04');
    await userEvent.type(screen.getByLabelText('客户电邮'), 'customer@example.com');
    await userEvent.click(screen.getByRole('button', { name: '以电邮发送报价给客户' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not available for this occupation');
    expect(screen.getByLabelText('职业').getAttribute('aria-invalid')).toBe('true');
  });

  it("offers each choice in the shop's own words, in the desk's language (decision 124)", async () => {
    act(() => {
      useSystemStore.getState().setLanguage('zh');
      useSystemStore.getState().setCountry('HKG');
    });
    renderStaff(<CustomerQuotePage />);
    const shop = translatorFor('zh-Hant');
    const optionsOf = (label: string) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options, (option) => option.text);
    expect(optionsOf('目的地')).toEqual([
      shop.t('travelQuote.destinations.6'),
      shop.t('travelQuote.destinations.3'),
    ]);
    await userEvent.selectOptions(screen.getByLabelText('產品'), 'home');
    await userEvent.selectOptions(screen.getByLabelText('市場'), 'HKG');
    expect(optionsOf('建築面積')).toEqual(
      FLOOR_AREA_BANDS.map((band) => shop.t(`homeLanding.floorAreas.${band}`)),
    );
    // The shop's Traditional text, not a key and not the Simplified one.
    expect(optionsOf('建築面積')[0]).not.toMatch(/homeLanding|积/);
    // Hong Kong's home form asks no home type (an HDB flat is Singapore's), as the shop's does not.
    expect(screen.queryByLabelText('住所類型')).toBeNull();
  });

  it('sends a home quote with the home form’s choices', async () => {
    const posts = server({ body: { sentTo: 'h***@e***.com', currency: 'SGD', plans: [] } });
    renderStaff(<CustomerQuotePage />);
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'home');
    await userEvent.selectOptions(screen.getByLabelText('Flat type'), '5_ROOM');
    await userEvent.selectOptions(screen.getByLabelText('The customer is the'), 'TENANT');
    await userEvent.type(screen.getByLabelText('Customer’s e-mail'), 'home@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail the quote to the customer' }));
    await screen.findByTestId('customer-quote-sent');
    expect(posts[0]).toMatchObject({
      product: 'home',
      home: { dwellingType: 'HDB', hdbFlatType: '5_ROOM', ownership: 'TENANT' },
    });
    expect(posts[0]).not.toHaveProperty('travel');
  });

  it('flags every field the domain refuses at once, sends nothing, and puts the focus on the first', async () => {
    const posts = server({ body: {} });
    renderStaff(<CustomerQuotePage />);
    // An address the shop's own rule refuses is flagged with the rest, before anything is sent.
    await userEvent.type(screen.getByLabelText('Customer’s e-mail'), 'customer@example');
    await userEvent.clear(screen.getByLabelText('Departure date'));
    const individuals = screen.getByLabelText('Number of travellers');
    await userEvent.clear(individuals);
    await userEvent.type(individuals, String(TRAVELLER_LIMITS.maxIndividuals + 1));
    await userEvent.click(screen.getByRole('button', { name: 'E-mail the quote to the customer' }));
    expect(await screen.findByText('Please check the marked fields.')).toBeTruthy();
    const departure = screen.getByLabelText('Departure date');
    expect(departure.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(departure.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a date.',
    );
    expect(individuals.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(individuals.getAttribute('aria-describedby')!)?.textContent).toBe(
      `Enter ${TRAVELLER_LIMITS.maxIndividuals} or fewer.`,
    );
    const email = screen.getByLabelText('Customer’s e-mail');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter the customer’s e-mail address.',
    );
    expect(document.activeElement).toBe(email);
    expect(posts).toHaveLength(0);
  });

  it('places a refusal of the shop’s rules on the field it is about', async () => {
    server({
      status: 400,
      body: {
        statusCode: 400,
        message: 'The departure date must not be in the past.',
        field: 'policyTravel.deptDate',
      },
    });
    renderStaff(<CustomerQuotePage />);
    await userEvent.type(screen.getByLabelText('Customer’s e-mail'), 'customer@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail the quote to the customer' }));
    const departure = screen.getByLabelText('Departure date');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The departure date must not be in the past.',
    );
    expect(departure.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(departure);
  });
});
