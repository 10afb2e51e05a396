import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { OccupationPicker } from './occupation-picker';

function Picker({
  onChange,
  onRefer,
}: {
  onChange?: (code: string) => void;
  onRefer?: (code: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <OccupationPicker
      label="Your occupation"
      value={value}
      country="SGP"
      onChange={(code) => {
        setValue(code);
        onChange?.(code);
      }}
      {...(onRefer ? { onRefer } : {})}
    />
  );
}

/** A radio's label as read out: the job and its class. */
const labelOf = (radio: HTMLElement | undefined) => radio?.closest('label')?.textContent?.trim() ?? '';

describe('the occupation picker (pa-home-payments sections 3 and 5)', () => {
  beforeEach(() => applyLanguage('en', 'SGP'));
  afterEach(() => {
    cleanup();
    applyLanguage('en', 'SGP');
  });

  it('finds a job by its English words, with its class', async () => {
    renderAt(<Picker />, '/pa');
    const group = screen.getByRole('group', { name: 'Your occupation' });
    await userEvent.type(within(group).getByRole('searchbox'), 'teacher');
    const radios = within(group).getAllByRole('radio');
    expect(labelOf(radios[0])).toMatch(/Teacher or lecturer\s*Class 01/);
    // Others is always offered last, for a job the list does not have.
    expect(labelOf(radios.at(-1))).toBe('Others');
    await userEvent.clear(within(group).getByRole('searchbox'));
    await userEvent.type(within(group).getByRole('searchbox'), 'driver');
    expect(labelOf(within(group).getAllByRole('radio')[0])).toMatch(/Driver.*Class 03/);
  });

  it('finds 護士 in Hong Kong Chinese and 护士 in Simplified', async () => {
    applyLanguage('zh', 'HKG');
    renderAt(<Picker />, '/pa');
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, '護士');
    expect(labelOf(screen.getAllByRole('radio')[0])).toMatch(/^護士/);
    cleanup();
    applyLanguage('zh', 'SGP');
    renderAt(<Picker />, '/pa');
    await userEvent.type(screen.getByRole('searchbox'), '护士');
    expect(labelOf(screen.getAllByRole('radio')[0])).toMatch(/^护士/);
  });

  it('says to see an agent for Others', async () => {
    renderAt(<Picker />, '/pa');
    await userEvent.click(screen.getByRole('radio', { name: 'Others' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please contact your Licensed Insurance Agent for a quote.',
    );
  });

  it('opens the not-covered popup for class 04, with the brochure and the wording, and keeps the refusal', async () => {
    const chosen: string[] = [];
    renderAt(<Picker onChange={(code) => chosen.push(code)} />, '/pa');
    await userEvent.type(screen.getByRole('searchbox'), 'demolition');
    await userEvent.click(screen.getAllByRole('radio')[0]!);
    const popup = screen.getByRole('dialog', { name: 'Your occupation is not covered in the Policy' });
    expect(within(popup).getByRole('link', { name: 'Brochure (PDF)' }).getAttribute('href')).toBe(
      '/b2c-server/rest/document/get/pa-brochure?country=SGP',
    );
    expect(within(popup).getByRole('link', { name: 'Policy wording (PDF)' }).getAttribute('href')).toBe(
      '/b2c-server/rest/document/get/pa-policyWording?country=SGP',
    );
    expect(chosen).toEqual(['1A']);
    expect(screen.getByRole('alert').textContent).toBe(
      'Decline: Coverage is not available for this occupation',
    );
  });

  it('offers the underwriters in the not-covered popup when the page refers, with the declined job', async () => {
    const referred: string[] = [];
    renderAt(<Picker onRefer={(code) => referred.push(code)} />, '/pa');
    await userEvent.type(screen.getByRole('searchbox'), 'demolition');
    await userEvent.click(screen.getAllByRole('radio')[0]!);
    const popup = screen.getByRole('dialog', { name: 'Your occupation is not covered in the Policy' });
    await userEvent.click(within(popup).getByRole('button', { name: 'Ask our underwriters' }));
    expect(referred).toEqual(['1A']);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    // A page that does not refer (the agent's desk) offers no such button.
    renderAt(<Picker />, '/pa');
    await userEvent.type(screen.getByRole('searchbox'), 'demolition');
    await userEvent.click(screen.getAllByRole('radio')[0]!);
    expect(
      within(
        screen.getByRole('dialog', { name: 'Your occupation is not covered in the Policy' }),
      ).queryByRole('button', { name: 'Ask our underwriters' }),
    ).toBeNull();
  });
});
