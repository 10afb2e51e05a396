import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, NavigationType, Router } from 'react-router';

/**
 * React Router's `<BrowserRouter>` with one fault mended (decision 137): it reads the address when it
 * first renders and starts hearing Back and Forward only when that render is shown. The shop's first
 * render is a transition that waits for its page's code (main.tsx), so a Back or Forward in between
 * (a customer quick after a Reload on a slow phone) went unheard: the page drawn was the one the address
 * had left, e.g. the home quote under `/home/applicant`, and the journey's next step failed. Here the
 * router, once it listens, compares the address with what it drew and catches up.
 */
export function ShopBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));

  useLayoutEffect(() => {
    const unlisten = history.listen((next) => startTransition(() => setState(next)));
    const now = history.location;
    setState((drawn) =>
      drawn.location.pathname === now.pathname &&
      drawn.location.search === now.search &&
      drawn.location.hash === now.hash &&
      drawn.location.key === now.key
        ? drawn
        : { action: NavigationType.Pop, location: now },
    );
    return unlisten;
  }, [history]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
