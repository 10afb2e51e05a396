import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/i18n';
import { AutoRenewalCard } from './auto-renewal-card';

/** The confirm page's use: the box's state is the page's. */
function Confirm({ onChange }: { onChange: (on: boolean) => void }) {
  const [on, setOn] = useState(true);
  return (
    <AutoRenewalCard
      on={on}
      onChange={(next) => {
        onChange(next);
        setOn(next);
      }}
    />
  );
}

const box = () =>
  screen.getByRole('checkbox', { name: 'Renew my annual plan automatically' }) as HTMLInputElement;
const question = () => screen.queryByRole('dialog', { name: 'Turn off auto-renewal?' });

describe('the auto-renewal box asks before it is turned off (pa-home-payments section 4)', () => {
  beforeEach(() => applyLanguage('en', 'SGP'));
  afterEach(cleanup);

  it('asks "Are you sure?" when unticked, and stays on when the customer keeps it', async () => {
    const onChange = vi.fn();
    render(<Confirm onChange={onChange} />);
    expect(box().checked).toBe(true);
    await userEvent.click(box());
    const asked = question();
    expect(asked?.textContent).toContain('Are you sure?');
    // Not turned off before the answer.
    expect(box().checked).toBe(true);
    await userEvent.click(within(asked!).getByRole('button', { name: 'Keep auto-renewal on' }));
    expect(box().checked).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('turns it off when the customer confirms, and on again without a question', async () => {
    const onChange = vi.fn();
    render(<Confirm onChange={onChange} />);
    await userEvent.click(box());
    await userEvent.click(within(question()!).getByRole('button', { name: 'Turn off auto-renewal' }));
    expect(box().checked).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(box());
    expect(box().checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(question()).toBeNull();
  });
});
