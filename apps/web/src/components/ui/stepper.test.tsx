import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clampStep, Stepper } from './stepper';

describe('stepper', () => {
  it('tells screen readers the step, and marks done and current steps', () => {
    const { container } = render(<Stepper current={3} />);
    expect(screen.getByText('Step 3 of 6: Apply')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    const circles = [...container.querySelectorAll('li')].map((item) => item.textContent);
    expect(circles).toEqual(['✓Welcome', '✓Quote', '3Apply', '4Confirm', '5Pay', '6Complete']);
  });

  it('clamps the active index to the valid range', () => {
    expect(clampStep(0)).toBe(1);
    expect(clampStep(9)).toBe(6);
    expect(clampStep(2.4)).toBe(2);
    render(<Stepper current={42} />);
    expect(screen.getByText('Step 6 of 6: Complete')).toBeTruthy();
  });
});
