import { beforeEach, describe, expect, it } from 'vitest';
import { TRAVEL_FLOW_STORE_KEY } from './features/travel/state/travel-flow-store';
import { DRAWN_PAGES, renderPage } from './prerender';
import { SYSTEM_STORE_KEY } from './state/system-store';

/** Runs a page's guard over a #root holding `html`, as the document does, and says whether it kept it. */
function guardKeeps(pathname: string, html = '<main>drawn</main>'): boolean {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  new Function(DRAWN_PAGES[pathname]!.guard)();
  return document.getElementById('root')!.hasChildNodes();
}

const visit = (state: object) =>
  sessionStorage.setItem(SYSTEM_STORE_KEY, JSON.stringify({ state, version: 0 }));
const journey = (plans: unknown[]) =>
  sessionStorage.setItem(TRAVEL_FLOW_STORE_KEY, JSON.stringify({ state: { plans }, version: 1 }));

describe('the pages the server draws (decisions 019 and 021)', () => {
  beforeEach(() => sessionStorage.clear());

  it('draws the landing whole, with its quote form, for the app to hydrate', () => {
    const html = renderPage('/travel', 'shop.example');
    expect(DRAWN_PAGES['/travel']!.kind).toBe('page');
    expect(html).toContain('Travel insurance that goes where you go');
    expect(html).toContain('Start quote');
    expect(html).not.toContain('Test environment');
    expect(renderPage('/travel', 'localhost')).toContain('Test environment');
  });

  it("draws the quote page's opening and a loading placeholder, never the page itself", () => {
    const html = renderPage('/travel/quote', 'shop.example');
    expect(DRAWN_PAGES['/travel/quote']!.kind).toBe('frame');
    expect(html).toContain('<h1');
    expect(html).toContain('Choose your plan');
    expect(html).toContain('Prices are for the trip below.');
    expect(html).toContain('Loading');
    expect(html).not.toContain('type="radio"');
  });

  it('draws no other page', () => {
    expect(() => renderPage('/travel/applicant', 'shop.example')).toThrow(/not drawn/);
  });

  it('keeps the landing for a new visit only: a visit under way may show another one', () => {
    expect(guardKeeps('/travel')).toBe(true);
    visit({ lang: 'en', country: 'SGP' });
    expect(guardKeeps('/travel')).toBe(false);
  });

  it("keeps the quote page's frame for an English, Singapore journey with plans, without a partner", () => {
    expect(guardKeeps('/travel/quote')).toBe(false);
    journey([{ planName: 'SUPER' }]);
    expect(guardKeeps('/travel/quote')).toBe(true);
    visit({ lang: 'en', country: 'SGP', agent: null });
    expect(guardKeeps('/travel/quote')).toBe(true);
    visit({ lang: 'zh', country: 'SGP' });
    expect(guardKeeps('/travel/quote')).toBe(false);
    visit({ lang: 'en', country: 'HKG' });
    expect(guardKeeps('/travel/quote')).toBe(false);
    visit({ lang: 'en', country: 'SGP', agent: { agentCode: 'AG1001' } });
    expect(guardKeeps('/travel/quote')).toBe(false);
    visit({ lang: 'en' });
    journey([]);
    expect(guardKeeps('/travel/quote')).toBe(false);
    sessionStorage.setItem(TRAVEL_FLOW_STORE_KEY, '{not json');
    expect(guardKeeps('/travel/quote')).toBe(false);
  });
});
