import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n } from '../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt, stubServer } from '../../../test/render';
import { BenefitTable } from './benefit-table';

describe('the PA benefit table', () => {
  beforeEach(() => {
    applyLanguage('en', 'SGP');
    stubServer(HEALTHY_SYSTEM);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says which benefit comes only with an optional cover, so the landing does not list it as included', async () => {
    renderAt(
      <BenefitTable
        country="SGP"
        caption="Sums insured"
        insured={{ role: 'adult', optionalCovers: ['TTD'] }}
      />,
    );
    const optional = i18n.t('paLanding.optionalRow', { cover: i18n.t('paQuote.covers.TTD') });
    const rows = await screen.findAllByRole('rowheader');
    const marked = rows.filter((row) => row.textContent?.includes(optional));
    expect(marked.length).toBe(1);
    expect(rows.length).toBeGreaterThan(marked.length);
  });

  it('is a region named by its caption that the keyboard can reach, to scroll it on a phone', async () => {
    renderAt(<BenefitTable country="HKG" caption="Sums insured" />);
    const region = await screen.findByRole('region', { name: 'Sums insured' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeTruthy();
  });
});
