import { useEffect, useRef } from 'react';

/** The pause before a new page is scrolled to its top (travel-flow section 9; pa-home-payments). */
export const SCROLL_TO_TOP_AFTER_MS = 500;

/**
 * What the customer does on a page: once any of these has happened, the page is theirs and is not
 * scrolled from under them. A scroll event is left out, as the shop's own scrolling raises it too.
 */
const CUSTOMER_ACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

/**
 * Scrolls to the top 500 ms after a change of page, not on the first page of the document (which opens
 * at its top anyway), and not once the customer has begun on the new page: a tap, a key, a wheel or
 * typing in its first half second would otherwise be moved away from them, and a Pay button scrolled
 * into view could jump between the finger going down and coming up.
 */
export function useScrollToTopOnNewPage(pathname: string) {
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const cancel = () => {
      window.clearTimeout(timer);
      for (const type of CUSTOMER_ACTIONS) window.removeEventListener(type, cancel, true);
    };
    const timer = window.setTimeout(() => {
      cancel();
      window.scrollTo({ top: 0 });
    }, SCROLL_TO_TOP_AFTER_MS);
    for (const type of CUSTOMER_ACTIONS)
      window.addEventListener(type, cancel, { capture: true, passive: true });
    return cancel;
  }, [pathname]);
}
