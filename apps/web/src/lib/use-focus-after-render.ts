import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focuses an element once React has drawn the render that shows it: `focusAfterRender(ref)` beside the
 * state change that mounts the element (an error's alert, a form's button coming back). A timer does
 * not do this: on a slow device React's render can come after it, and the focus is lost.
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  const [request, setRequest] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request is one render to focus after
  useEffect(() => {
    const target = pending.current;
    pending.current = null;
    target?.current?.focus();
  }, [request]);
  return useCallback((target) => {
    pending.current = target;
    setRequest((count) => count + 1);
  }, []);
}
