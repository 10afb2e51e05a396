import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstRender } from './use-after-first-render';

describe('useAfterFirstRender', () => {
  it('is false on the first render and true once the browser has had a moment', async () => {
    const { result } = renderHook(() => useAfterFirstRender());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});
