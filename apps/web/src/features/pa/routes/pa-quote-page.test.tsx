import { occupationClassOf } from '@lionrock/domain/pa/occupation';
import { PA_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { PA_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import { ratePersonalAccident, type TOccupationClass } from '@lionrock/domain/rating/pa-rating';
import { paRateFacts } from '@lionrock/domain/rating/rate-facts';
import { type TPolicyInput, toWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt } from '../../../test/render';
import { usePaFlowStore } from '../state/pa-flow-store';
import { PaQuotePage } from './pa-quote-page';

/**
 * The server's multirate, answered by the domain's PA rating for the policy the page sends: the page
 * shows what the rules price, whatever is ticked.
 */
function rateLikeTheServer(body: TPolicyInput): TPolicyInput {
  const pa = body.policyPAN!;
  const family = pa.insuredPersonType === 'family';
  const adults = [pa.insured?.adult1, pa.insured?.adult2].slice(
    0,
    family ? (pa.family?.numberOfAdults ?? 1) : 1,
  );
  const items = ratePersonalAccident(PA_RATE_TABLE, {
    country: body.country ?? 'SGP',
    adults: adults.map((adult) => ({
      occupationClass: occupationClassOf(adult?.occupation ?? '') as TOccupationClass,
      optionalCovers: adult?.optionalCovers ?? [],
    })),
    children: family ? (pa.family?.noOfChildren ?? 0) : 0,
    discounts: {},
  });
  if ('error' in items) throw new Error(items.error);
  return {
    ...body,
    policyPAN: { ...pa, premiumItems: items.map(toWirePremiumItem), expiryDate: '25/11/2027' },
  };
}

function serve() {
  const sent: TPolicyInput[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (/policy\/multirate/.test(url)) {
        const body = JSON.parse(String(init?.body)) as TPolicyInput;
        sent.push(body);
        return new Response(JSON.stringify(rateLikeTheServer(body)));
      }
      const route = HEALTHY_SYSTEM.find((candidate) => candidate.match.test(url));
      return new Response(typeof route?.body === 'string' ? route.body : JSON.stringify(route?.body ?? {}));
    }),
  );
  return sent;
}

function quote(occupations: string[], children = 0) {
  const family = occupations.length > 1 || children > 0;
  usePaFlowStore.getState().reset();
  usePaFlowStore.getState().setCover({
    insuredPersonType: family ? 'family' : 'individual',
    numberOfAdults: occupations.length === 2 ? 2 : 1,
    noOfChildren: children,
    occupations,
  });
  usePaFlowStore.getState().setEffectiveDate('26/11/2026');
  usePaFlowStore.getState().setQuoted(rateLikeTheServer(usePaFlowStore.getState().policy));
}

const total = (plan: string) =>
  within(screen.getByTestId(`pa-plan-${plan}`)).getByText(/^S\$/, { selector: 'p' }).textContent;

describe('the PA quote page (pa-home-payments sections 3 and 9)', () => {
  beforeEach(() => applyLanguage('en', 'SGP'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the sums insured in force on the day the cover starts (decision 099)', async () => {
    // Underwriting raised plan A's accidental death benefit from 26/11/2026, the quote's start.
    const later = structuredClone(PA_BENEFITS);
    later.markets.SGP.A.accidentalDeath = 12_345_600;
    serve();
    const fetched = vi.mocked(fetch);
    const answer = fetched.getMockImplementation()!;
    fetched.mockImplementation(async (input, init) =>
      String(input) === '/b2c-server/rest/policy/benefits?country=SGP&product=PAN&on=26/11/2026'
        ? new Response(JSON.stringify(later))
        : answer(input, init),
    );
    quote(['06']);
    renderAt(<PaQuotePage />, '/pa/quote');
    const row = await screen.findByRole('row', { name: /Accidental death and permanent disablement/ });
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('S$123,456.00');
  });

  it('states the free children and the covers\' "+N %" of the rate table in force on the day the cover starts (decision 114)', async () => {
    // Underwriting changed the table from 26/11/2026, the quote's start: 1 child free (3 bundled), TTD +21.5 % (18).
    const later = paRateFacts(PA_RATE_TABLE, 'SGP');
    later.freeChildren = 1;
    later.optionalCoverPercent.TTD = 21.5;
    serve();
    const fetched = vi.mocked(fetch);
    const answer = fetched.getMockImplementation()!;
    fetched.mockImplementation(async (input, init) =>
      String(input) === '/b2c-server/rest/policy/rate-facts?country=SGP&product=PAN&on=26/11/2026'
        ? new Response(JSON.stringify(later))
        : answer(input, init),
    );
    quote(['06', '06'], 2);
    renderAt(<PaQuotePage />, '/pa/quote');
    const planA = within(screen.getByTestId('pa-plan-A'));
    // Until they arrive the figures hold their places.
    expect(planA.getByText('…', { selector: 'dt' })).toBeTruthy();
    expect(screen.getAllByText("Adds …% to this adult's premium")).toHaveLength(4);
    expect(await planA.findByText('1 child covered free')).toBeTruthy();
    expect(planA.queryByText('…')).toBeNull();
    expect(screen.getAllByText("Adds 21.5% to this adult's premium")).toHaveLength(2);
    expect(screen.getAllByText("Adds 12% to this adult's premium")).toHaveLength(2);
  });

  it('says when the figures could not be loaded, and asks again with Try again', async () => {
    serve();
    const fetched = vi.mocked(fetch);
    const answer = fetched.getMockImplementation()!;
    let down = true;
    fetched.mockImplementation(async (input, init) =>
      down && String(input).includes('policy/rate-facts')
        ? new Response(JSON.stringify({ statusCode: 500 }), { status: 500 })
        : answer(input, init),
    );
    quote(['06']);
    renderAt(<PaQuotePage />, '/pa/quote');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/couldn't load the cover details/);
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("Adds 18% to this adult's premium")).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows plans A to D for class 01, and no plan D when either adult is class 03', async () => {
    serve();
    quote(['06']);
    renderAt(<PaQuotePage />, '/pa/quote');
    expect(
      screen.getAllByRole('heading', { level: 2, name: /^Plan [A-D]$/ }).map((h) => h.textContent),
    ).toEqual(['Plan A', 'Plan B', 'Plan C', 'Plan D']);
    expect(screen.queryByText('Plan D is not available for class 3 occupations.')).toBeNull();
    cleanup();
    quote(['06', '13']);
    renderAt(<PaQuotePage />, '/pa/quote');
    expect(screen.queryByTestId('pa-plan-D')).toBeNull();
    expect(screen.getByText('Plan D is not available for class 3 occupations.')).toBeTruthy();
    // The three plans take wider boxes.
    expect(screen.getByRole('list', { name: 'Plans' }).className).toMatch(/plansWide/);
  });

  it('re-prices as an optional cover is ticked, and sends the cover for that adult', async () => {
    const sent = serve();
    quote(['06']);
    renderAt(<PaQuotePage />, '/pa/quote');
    const before = total('A');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Temporary Total Disablement' }));
    await waitFor(() => expect(total('A')).not.toBe(before));
    expect(sent.at(-1)?.policyPAN?.insured?.adult1?.optionalCovers).toEqual(['TTD']);
    // View all coverage: the weekly disablement benefit is covered only with the cover ticked (decision 054).
    expect(screen.queryByRole('row', { name: /Temporary total disablement/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'View all coverage' }));
    const row = screen.getByRole('row', { name: /Temporary total disablement/ });
    expect(row.textContent).not.toMatch(/Not covered/);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Temporary Total Disablement' }));
    await waitFor(() => expect(total('A')).toBe(before));
    expect(screen.getByRole('row', { name: /Temporary total disablement/ }).textContent).toMatch(
      /Not covered/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'View less coverage' }));
    expect(screen.queryByRole('row', { name: /Temporary total disablement/ })).toBeNull();
  });

  it('shows the family discount and the free children as lines of the price', async () => {
    serve();
    quote(['06', '06'], 2);
    renderAt(<PaQuotePage />, '/pa/quote');
    const planA = within(screen.getByTestId('pa-plan-A'));
    expect(planA.getByText('Family discount')).toBeTruthy();
    expect(await planA.findByText('2 children covered free')).toBeTruthy();
    cleanup();
    quote(['06']);
    renderAt(<PaQuotePage />, '/pa/quote');
    expect(within(screen.getByTestId('pa-plan-A')).queryByText('Family discount')).toBeNull();
  });
});
