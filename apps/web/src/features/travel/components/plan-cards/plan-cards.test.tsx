import { TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlanCards } from './plan-cards';

/** The real multirate answer for one adult, 7 days in Asia Pacific, direct campaign (15 % off). */
const SGP_ITEMS: TWirePremiumItem[] = [
  {
    planName: 'STANDARD',
    planCode: 'TSG-STD',
    premium: 30.6,
    premiumWithoutDiscount: 36,
    gst: 0,
    levy: 0,
    totalPremium: 30.6,
    discount: 5.4,
    insuredCommissionDiscount: 0,
  },
  {
    planName: 'SUPER',
    planCode: 'TSG-SUP',
    premium: 49.3,
    premiumWithoutDiscount: 58,
    gst: 0,
    levy: 0,
    totalPremium: 49.3,
    discount: 8.7,
    insuredCommissionDiscount: 0,
  },
];

function renderCards(
  plans: TWirePremiumItem[],
  options: { country?: 'SGP' | 'HKG'; campaignCode?: string; selected?: string } = {},
) {
  const onSelect = vi.fn();
  render(
    <PlanCards
      plans={plans}
      selected={options.selected ?? 'SUPER'}
      recommended="SUPER"
      country={options.country ?? 'SGP'}
      campaignCode={options.campaignCode}
      travellerType="ID"
      benefits={TRAVEL_BENEFITS}
      withPlus={false}
      onSelect={onSelect}
    />,
  );
  return onSelect;
}

const card = (name: string) => screen.getByRole('radio', { name }).closest('label')!;

describe('plan cards (travel-flow sections 2 and 9)', () => {
  it('shows each plan’s price, the struck original, before-tax, GST and the discount row', () => {
    renderCards(SGP_ITEMS, { campaignCode: 'B2CC00' });
    const standard = within(card('Standard'));
    expect(standard.getByText('S$36.00').tagName).toBe('DEL');
    expect(standard.getByText('S$30.60')).toBeTruthy();
    expect(standard.getByText('S$30.60 before tax')).toBeTruthy();
    expect(standard.getByText('GST S$0.00')).toBeTruthy();
    expect(standard.getByText('Discount').parentElement!.textContent).toBe('Discount−S$5.40');
    expect(within(card('Super')).getByText('S$49.30')).toBeTruthy();
  });

  it('preselects and marks the chosen plan, and reports a new choice', async () => {
    const onSelect = renderCards(SGP_ITEMS);
    expect((screen.getByRole('radio', { name: 'Super' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Standard' }) as HTMLInputElement).checked).toBe(false);
    expect(within(card('Super')).getByText('Recommended')).toBeTruthy();
    expect(within(card('Standard')).queryByText('Recommended')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Standard' }));
    expect(onSelect).toHaveBeenCalledWith('STANDARD');
  });

  it('names the price for screen readers', () => {
    renderCards(SGP_ITEMS);
    const radio = screen.getByRole('radio', { name: 'Standard' });
    const description = radio
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((part) => document.getElementById(part)!.textContent)
      .join(' ');
    expect(description).toContain('Original price S$36.00');
    expect(description).toContain('Price S$30.60');
    // The key covers beside the price come from Singapore's schedule for Standard.
    expect(description).toContain('Medical S$500,000.00');
    expect(description).toContain('Liability S$500,000.00');
  });

  it('shows neither strike-through nor discount row without a discount, except on the direct campaign', () => {
    const undiscounted = SGP_ITEMS.map((item) => ({ ...item, discount: 0, totalPremium: item.premium }));
    renderCards(undiscounted, { campaignCode: 'YEAREND' });
    expect(screen.queryByText('Discount')).toBeNull();
    expect(document.querySelector('del')).toBeNull();
  });

  it('shows the discount row at 0.00 on the direct campaign B2CC00', () => {
    const undiscounted = SGP_ITEMS.map((item) => ({ ...item, discount: 0 }));
    renderCards(undiscounted, { campaignCode: 'B2CC00' });
    expect(within(card('Standard')).getByText('Discount').parentElement!.textContent).toBe('Discount−S$0.00');
  });

  it('adds the agent’s commission discount to the original price and the discount row', () => {
    const viaAgent = [{ ...SGP_ITEMS[0]!, totalPremium: 27, discount: 5.4, insuredCommissionDiscount: 3.6 }];
    renderCards(viaAgent, { selected: 'STANDARD' });
    expect(screen.getByText('S$36.00').tagName).toBe('DEL');
    expect(screen.getByText('Discount').parentElement!.textContent).toBe('Discount−S$9.00');
  });

  it('prices Hong Kong in HK$ with the IA levy, and names Plus cards', () => {
    const hkg: TWirePremiumItem[] = [
      {
        planName: 'SUPER PLUS',
        planCode: 'THK-SUP-PLUS',
        premium: 1500,
        gst: 0,
        levy: 1.5,
        totalPremium: 1501.5,
        discount: 0,
      },
    ];
    renderCards(hkg, { country: 'HKG' });
    const superPlus = within(card('Super Plus'));
    expect(superPlus.getByText('HK$1,501.50')).toBeTruthy();
    expect(superPlus.getByText('HK$1,500.00 before tax')).toBeTruthy();
    expect(superPlus.getByText('IA levy HK$1.50')).toBeTruthy();
  });
});
