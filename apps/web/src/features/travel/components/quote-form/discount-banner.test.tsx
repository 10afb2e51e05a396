import { EMPTY_CAMPAIGN } from '@lionrock/domain/schemas/campaign-agent-schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSystemStore } from '../../../../state/system-store';
import { DiscountBanner } from './discount-banner';

const CAMPAIGN = {
  ...EMPTY_CAMPAIGN,
  campaignCode: 'YEAREND',
  marketingMessage: 'Year-end getaway: 25% off single trips.',
  marketingMessageCn: '年终出游:单次旅程七五折。',
};

afterEach(() => useSystemStore.setState({ lang: 'en' }));

describe('the landing discount banner', () => {
  it('shows the campaign message and stays closed for the visit once closed', async () => {
    const { unmount } = render(<DiscountBanner campaign={CAMPAIGN} />);
    expect(screen.getByRole('complementary', { name: 'Offer' }).textContent).toContain('25% off');
    await userEvent.click(screen.getByRole('button', { name: 'Close the offer' }));
    expect(screen.queryByRole('complementary', { name: 'Offer' })).toBeNull();
    unmount();
    render(<DiscountBanner campaign={CAMPAIGN} />);
    expect(screen.queryByRole('complementary', { name: 'Offer' })).toBeNull();
  });

  it('shows the Chinese message in Chinese, and nothing without a campaign message', () => {
    useSystemStore.setState({ lang: 'zh' });
    const { unmount } = render(<DiscountBanner campaign={CAMPAIGN} />);
    expect(screen.getByText('年终出游:单次旅程七五折。')).toBeTruthy();
    unmount();
    render(<DiscountBanner campaign={{ ...CAMPAIGN, marketingMessage: '', marketingMessageCn: '' }} />);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
