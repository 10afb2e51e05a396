import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_CLOSE_AFTER_MS, Tooltip } from './tooltip';

afterEach(() => {
  vi.useRealTimers();
});

describe('the tooltip', () => {
  it('toggles on click and closes with Escape, announcing its text', async () => {
    render(<Tooltip label="Who counts as a child?">Under 26.</Tooltip>);
    const button = screen.getByRole('button', { name: 'Who counts as a child?' });
    expect(screen.getByRole('status').textContent).toBe('');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Under 26.');
    await userEvent.click(button);
    expect(screen.getByRole('status').textContent).toBe('');
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('when hoverable opens on hover and closes 3 s after the pointer leaves', () => {
    vi.useFakeTimers();
    render(
      <Tooltip label="About the levy" hoverable>
        The IA levy is collected for the Insurance Authority.
      </Tooltip>,
    );
    const wrapper = screen.getByRole('button', { name: 'About the levy' }).parentElement!;
    fireEvent.pointerEnter(wrapper);
    expect(screen.getByRole('status').textContent).toContain('IA levy');
    fireEvent.pointerLeave(wrapper);
    act(() => vi.advanceTimersByTime(TOOLTIP_CLOSE_AFTER_MS - 1));
    expect(screen.getByRole('status').textContent).toContain('IA levy');
    // Coming back keeps it open.
    fireEvent.pointerEnter(wrapper);
    fireEvent.pointerLeave(wrapper);
    act(() => vi.advanceTimersByTime(TOOLTIP_CLOSE_AFTER_MS - 1));
    expect(screen.getByRole('status').textContent).toContain('IA levy');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('stays open when the pointer that opened it clicks, and the next click closes it', async () => {
    render(
      <Tooltip label="About the levy" hoverable>
        The IA levy.
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'About the levy' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
