import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../../test/render';
import { Declarations } from './declarations';

const NOTHING_TICKED = { declaration1: false, declaration2: false, marketing: false };

async function transferNotice(country: 'SGP' | 'HKG'): Promise<string> {
  renderAt(
    <Declarations ticks={NOTHING_TICKED} onChange={() => {}} errors={{}} agency={null} country={country} />,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'How we use your data' }));
  return (await screen.findByRole('dialog', { name: 'Use and transfer of personal data' })).textContent ?? '';
}

describe('the confirm page’s data-transfer notice', () => {
  it('names Singapore’s PDPA for a Singapore policy', async () => {
    const text = await transferNotice('SGP');
    expect(text).toContain('Personal Data Protection Act');
    expect(text).not.toContain('Ordinance');
  });

  it('names Hong Kong’s PDPO for a Hong Kong policy, not Singapore’s law', async () => {
    const text = await transferNotice('HKG');
    expect(text).toContain('Personal Data (Privacy) Ordinance');
    expect(text).not.toContain('Singapore');
  });
});
