import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser is idle after it (or after half a second): for
 * calls that nothing above the fold needs, so they do not join the first render's effects, the one
 * task in which every other call of the page starts (decision 020).
 */
export function useAfterFirstRender(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), 50);
    return () => window.clearTimeout(timer);
  }, []);
  return ready;
}
