import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useErrorStore } from '../../state/error-store';
import { stubServer } from '../../test/render';
import { ShopErrorModal } from './shop-error-modal';

afterEach(() => {
  act(() => useErrorStore.getState().clearError());
  vi.unstubAllGlobals();
});

describe('the "Oops!" error modal (travel-flow section 8)', () => {
  it('lists the messages it is given, logs them to the server, and fades out on OK', async () => {
    const { calls } = stubServer([{ match: /b2c\/log/, status: 204, body: '' }]);
    render(<ShopErrorModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useErrorStore.getState().showError(['The first problem.', 'The second problem.']));
    const dialog = await screen.findByRole('dialog', { name: 'Oops!' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The first problem.', 'The second problem.']);
    await vi.waitFor(() => expect(calls.some((call) => /b2c\/log\/error$/.test(call.url))).toBe(true));
    expect(String(calls[0]?.init?.body)).toContain('The first problem.; The second problem.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Still there while it fades (200 ms), then closed and the list cleared.
    expect(dialog.className).toMatch(/fading/);
    expect(useErrorStore.getState().errors).not.toBeNull();
    await waitFor(() => expect(useErrorStore.getState().errors).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  // Escape is the browser's own (the journeys press it); jsdom's dialog has no cancel event.
  it('shows the generic text with an empty list, and × dismisses it', async () => {
    stubServer([{ match: /b2c\/log/, status: 204, body: '' }]);
    render(<ShopErrorModal />);
    act(() => useErrorStore.getState().showError([], 'Rating engine says no'));
    const dialog = await screen.findByRole('dialog', { name: 'Oops!' });
    expect(within(dialog).queryByRole('list')).toBeNull();
    expect(dialog.textContent).toContain('Something went wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(useErrorStore.getState().errors).toBeNull());
  });

  it('closes at once for a customer who asked for reduced motion', async () => {
    stubServer([{ match: /b2c\/log/, status: 204, body: '' }]);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }) as MediaQueryList);
    render(<ShopErrorModal />);
    act(() => useErrorStore.getState().showError(['A problem.']));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(useErrorStore.getState().errors).toBeNull();
  });
});
