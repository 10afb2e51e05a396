import { useEffect } from 'react';

/** The browser asks before the tab is closed or left (travel-flow section 2, Payment). */
export function useLeaveWarning(message: string, active = true): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own wording; older ones show this.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [message, active]);
}
