import { type RefObject, useEffect } from 'react';

/** While `open`, Escape or a press outside `inside` calls `close` (menus, tooltips, the agent card). */
export function useDismiss(open: boolean, close: () => void, inside: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onEvent = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !inside.current?.contains(event.target as Node)
      ) {
        close();
      }
    };
    document.addEventListener('mousedown', onEvent);
    document.addEventListener('keydown', onEvent);
    return () => {
      document.removeEventListener('mousedown', onEvent);
      document.removeEventListener('keydown', onEvent);
    };
  }, [open, close, inside]);
}
