import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import { TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSystemStore } from '../../../../state/system-store';
import { CoverTable } from './cover-table';

/** The schedule as the server answers it today: the bundled version the seed loads. */
const inForce = { benefits: TRAVEL_BENEFITS, failed: false, retry: () => {} };

const GROUPS = ['Personal covers', 'Inconvenience covers', 'Bonus cover', 'COVID-19 travel cover extensions'];

const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the plan comparison table (travel-flow section 2, Quote)', () => {
  it('shows the four groups collapsed, each with a tick per plan', () => {
    render(<CoverTable schedule={inForce} country="SGP" travellerType="ID" selected="SUPER" />);
    for (const name of GROUPS) {
      const toggle = screen.getByRole('button', { name });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(cells(toggle.closest('tr')!)).toEqual(['✓Included', '✓Included']);
    }
    expect(screen.queryByRole('rowheader', { name: 'Trip cancellation' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Cover',
      'Standard',
      'Super',
    ]);
  });

  it('expands and collapses a group with its button', async () => {
    render(<CoverTable schedule={inForce} country="SGP" travellerType="ID" selected="SUPER" />);
    const toggle = screen.getByRole('button', { name: 'Personal covers' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeTruthy();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // Each plan's limit, and Plus's where Plus raises it (the schedule's plus limits).
    expect(cells(rowOf('Medical and additional expenses (per adult)'))).toEqual([
      'S$500,000.00With Plus: S$750,000.00',
      'S$1,000,000.00With Plus: S$1,500,000.00',
    ]);
    expect(cells(rowOf('Emergency medical evacuation and repatriation'))).toEqual(['Unlimited', 'Unlimited']);
    expect(cells(rowOf('Double indemnity on public conveyance'))).toEqual([
      '–Not coveredWith Plus: S$125,000.00',
      'S$250,000.00',
    ]);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      screen.queryByRole('rowheader', { name: 'Emergency medical evacuation and repatriation' }),
    ).toBeNull();
  });

  it('shows the single limits for one traveller and the family limits for a family', async () => {
    const { unmount } = render(
      <CoverTable schedule={inForce} country="SGP" travellerType="ID" selected="SUPER" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Inconvenience covers' }));
    expect(cells(rowOf('Trip cancellation'))).toEqual(['S$5,000.00', 'S$15,000.00']);
    expect(cells(rowOf('Travel delay (per 6 hours)'))).toEqual(['S$100.00', 'S$100.00']);
    unmount();
    render(<CoverTable schedule={inForce} country="SGP" travellerType="FM" selected="SUPER" />);
    expect(screen.getByText('Limits for a family plan.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Inconvenience covers' }));
    expect(cells(rowOf('Trip cancellation'))).toEqual(['S$10,000.00', 'S$30,000.00']);
    expect(cells(rowOf('Travel delay (per 6 hours)'))).toEqual(['S$100.00', 'S$100.00']);
  });

  it('shows Hong Kong amounts in HK$', async () => {
    render(<CoverTable schedule={inForce} country="HKG" travellerType="ID" selected="SUPER" />);
    await userEvent.click(screen.getByRole('button', { name: 'COVID-19 travel cover extensions' }));
    expect(screen.getAllByText(/^HK\$/).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Bonus cover' }));
    expect(cells(rowOf('Terrorism cover'))).toEqual(['✓Included', '✓Included']);
  });

  it('names the groups in Chinese when the shop is in Chinese', () => {
    useSystemStore.setState({ lang: 'zh' });
    render(<CoverTable schedule={inForce} country="SGP" travellerType="ID" selected="SUPER" />);
    expect(screen.getByRole('button', { name: '个人保障' })).toBeTruthy();
    cleanup();
    // Hong Kong is served the schedule in Traditional characters (decision 110): drawn as served.
    const servedInHongKong = {
      ...TRAVEL_BENEFITS,
      groups: TRAVEL_BENEFITS.groups.map((group) => ({ ...group, titleZh: hongKongChinese(group.titleZh) })),
    };
    render(
      <CoverTable
        schedule={{ ...inForce, benefits: servedInHongKong }}
        country="HKG"
        travellerType="ID"
        selected="SUPER"
      />,
    );
    expect(screen.getByRole('button', { name: '個人保障' })).toBeTruthy();
    useSystemStore.setState({ lang: 'en' });
  });
  it('draws the schedule it is given, the one in force when the trip starts, and says so while it loads', async () => {
    // A version underwriting activated after the build: the table shows its limit, not the bundled one.
    const later = structuredClone(TRAVEL_BENEFITS);
    const medical = later.groups[0]!.rows.find((row) => row.key === 'medical')!;
    medical.values.SGP.STANDARD = 54_321_000;
    const { rerender } = render(
      <CoverTable
        schedule={{ ...inForce, benefits: undefined }}
        country="SGP"
        travellerType="ID"
        selected="SUPER"
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <CoverTable
        schedule={{ ...inForce, benefits: later }}
        country="SGP"
        travellerType="ID"
        selected="SUPER"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Personal covers' }));
    expect(cells(rowOf('Medical and additional expenses (per adult)'))[0]).toMatch(/^S\$543,210\.00/);
  });
  it('says when the schedule could not be loaded, and asks again on Try again', async () => {
    const retry = vi.fn();
    render(
      <CoverTable
        schedule={{ benefits: undefined, failed: true, retry }}
        country="SGP"
        travellerType="ID"
        selected="SUPER"
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load the cover details.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
