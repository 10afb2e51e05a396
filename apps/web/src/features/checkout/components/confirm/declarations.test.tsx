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

describe('the confirm page’s declarations for home (decision 059)', () => {
  const home = () =>
    renderAt(
      <Declarations
        ticks={NOTHING_TICKED}
        onChange={() => {}}
        errors={{}}
        agency={null}
        country="HKG"
        product="home"
      />,
    );

  it('lists home’s declarations and exclusions, not travel’s', async () => {
    home();
    await userEvent.click(await screen.findByRole('button', { name: 'Declarations' }));
    const declarations = (await screen.findByRole('dialog', { name: 'Declarations' })).textContent ?? '';
    expect(declarations).toContain('not left unoccupied for more than 60 days');
    expect(declarations).not.toContain('medical advice');
  });

  it('links the home policy wording of the market', async () => {
    home();
    await userEvent.click(await screen.findByRole('button', { name: 'Policy wording' }));
    const link = await screen.findByRole('link', { name: 'Download the policy wording (PDF)' });
    expect(link.getAttribute('href')).toBe('/b2c-server/rest/document/get/home-policyWording?country=HKG');
  });
});

describe('the confirm page’s declarations for personal accident (pa-home-payments section 5)', () => {
  it('lists personal accident’s declarations and exclusions, not travel’s', async () => {
    renderAt(
      <Declarations
        ticks={NOTHING_TICKED}
        onChange={() => {}}
        errors={{}}
        agency={null}
        country="SGP"
        product="pa"
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Declarations' }));
    const declarations = (await screen.findByRole('dialog', { name: 'Declarations' })).textContent ?? '';
    expect(declarations).toContain('works in the occupation declared');
    expect(declarations).not.toContain('medical advice');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: 'Major exclusions' }));
    const exclusions = (await screen.findByRole('dialog', { name: 'Major exclusions' })).textContent ?? '';
    expect(exclusions).toContain('Class 4 occupations');
    expect(exclusions).not.toContain('before the trip');
  });
});
