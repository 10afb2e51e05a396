import { NO_OFFICIALS_CHOSEN, type TOfficials } from '@lionrock/domain/claims/attended-officials';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AttendedOfficials } from './attended-officials';

function Harness({ onValue }: { onValue: (value: TOfficials) => void }) {
  const [value, setValue] = useState<TOfficials>(NO_OFFICIALS_CHOSEN);
  return (
    <AttendedOfficials
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('attended-officials selector (pa-home-payments section 2)', () => {
  it('adds an official with empty details, and removes it when unchecked', () => {
    let last: TOfficials = NO_OFFICIALS_CHOSEN;
    render(<Harness onValue={(value) => (last = value)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Police' }));
    expect(last).toEqual({ noOne: false, officials: { police: '' } });
    const details = screen.getByRole('textbox', { name: /Police: name, station or report number/ });
    fireEvent.change(details, { target: { value: 'PC Tan, report 123' } });
    expect(last.officials.police).toBe('PC Tan, report 123');
    expect(screen.getByText('18 of 30 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Police' }));
    expect(last).toEqual({ noOne: false, officials: {} });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says the limit of a report field and keeps a longer text as typed, flagged (issue 29)', () => {
    let last: TOfficials = NO_OFFICIALS_CHOSEN;
    render(<Harness onValue={(value) => (last = value)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Police' }));
    const details = screen.getByRole('textbox', { name: /Police: name, station or report number/ });
    expect(details.getAttribute('maxlength')).toBeNull();
    const typed = 'Sergeant Lim, report KL-2026-11-0042';
    fireEvent.change(details, { target: { value: typed } });
    expect(last.officials.police).toBe(typed);
    expect((details as HTMLInputElement).value).toBe(typed);
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/30 characters or fewer/)).toBeTruthy();
  });

  it('"No one" clears every official and disables them until unchecked', () => {
    let last: TOfficials = NO_OFFICIALS_CHOSEN;
    render(<Harness onValue={(value) => (last = value)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Doctor' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Police' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'No one attended' }));
    expect(last).toEqual({ noOne: true, officials: {} });
    const police = screen.getByRole('checkbox', { name: 'Police' }) as HTMLInputElement;
    expect(police.disabled).toBe(true);
    expect(police.checked).toBe(false);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'No one attended' }));
    expect(last).toEqual({ noOne: false, officials: {} });
    expect((screen.getByRole('checkbox', { name: 'Police' }) as HTMLInputElement).disabled).toBe(false);
  });
});
