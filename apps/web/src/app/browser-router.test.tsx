import { act, render, screen } from '@testing-library/react';
import { type ReactNode, startTransition } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { beforeEach, expect, it } from 'vitest';
import { ShopBrowserRouter } from './browser-router';

/**
 * The shop's first render is a transition (main.tsx): React renders it in slices and lets the browser
 * handle events between them, so a Back or Forward can land after the router read the address and
 * before the render is shown (a quick customer after a Reload on a slow phone). The address it reached
 * must decide the page drawn (decision 137). Here the Forward happens inside the render itself, after
 * the router's part of it: the same order of events, without depending on the scheduler's timing.
 */
let forwardDuringRender = false;
function ForwardBetweenSlices() {
  if (forwardDuringRender) {
    forwardDuringRender = false;
    window.history.pushState(null, '', '/home/applicant');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }
  return null;
}

function Pages() {
  return (
    <>
      <ForwardBetweenSlices />
      <Routes>
        <Route path="/home/quote" element={<h1>Quote</h1>} />
        <Route path="/home/applicant" element={<h1>Applicant</h1>} />
      </Routes>
    </>
  );
}

beforeEach(() => {
  window.history.replaceState(null, '', '/home/quote');
  forwardDuringRender = true;
});

async function drawnAfterForwardDuringFirstRender(router: (children: ReactNode) => ReactNode) {
  const view = render(<div />);
  await act(async () => startTransition(() => view.rerender(router(<Pages />))));
  expect(window.location.pathname).toBe('/home/applicant');
  return screen.getByRole('heading', { level: 1 }).textContent;
}

it('draws the page of the address a Back or Forward reached while the first render was under way', async () => {
  expect(
    await drawnAfterForwardDuringFirstRender((children) => <ShopBrowserRouter>{children}</ShopBrowserRouter>),
  ).toBe('Applicant');
});

it("is needed: React Router's own BrowserRouter draws the address it left (the fault mended)", async () => {
  expect(
    await drawnAfterForwardDuringFirstRender((children) => <BrowserRouter>{children}</BrowserRouter>),
  ).toBe('Quote');
});

it('follows Back and Forward once shown, as BrowserRouter does', async () => {
  forwardDuringRender = false;
  render(
    <ShopBrowserRouter>
      <Routes>
        <Route path="/home/quote" element={<h1>Quote</h1>} />
        <Route path="/home/applicant" element={<h1>Applicant</h1>} />
      </Routes>
    </ShopBrowserRouter>,
  );
  expect(screen.getByRole('heading').textContent).toBe('Quote');
  act(() => {
    window.history.pushState(null, '', '/home/applicant');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
  expect((await screen.findByRole('heading', { name: 'Applicant' })).textContent).toBe('Applicant');
});
