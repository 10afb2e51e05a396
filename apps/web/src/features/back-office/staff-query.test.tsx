import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStaff } from '../../test/back-office';
import { useStaffQuery } from './staff-query';

let reload: () => Promise<void> = async () => {};

function Probe({ path }: { path: string | null }) {
  const answer = useStaffQuery<{ value: string }>(path);
  reload = answer.reload;
  if (answer.error) return <p role="alert">{answer.error}</p>;
  return <p>{answer.loading ? 'loading' : (answer.data?.value ?? 'nothing')}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useStaffQuery', () => {
  it('shows a refusal at once without asking again, and asks again on reload', async () => {
    const answers = [
      new Response(JSON.stringify({ statusCode: 403, message: 'Not for your role.' }), { status: 403 }),
      new Response(JSON.stringify({ value: 'figures' }), { status: 200 }),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    renderStaff(<Probe path="/admin/things" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not for your role.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/back-office/api/admin/things');
    await act(() => reload());
    expect(await screen.findByText('figures')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while there is no path', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderStaff(<Probe path={null} />);
    expect(await screen.findByText('nothing')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
