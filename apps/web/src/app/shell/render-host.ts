import { createContext, useContext } from 'react';

/** The host a page is drawn for when the server draws it ahead of the app (prerender.tsx); else none. */
export const RenderHostContext = createContext<string | null>(null);

/** The host the page is shown on: the server's pre-render says which, the browser knows its own. */
export function useRenderHost(): string {
  return useContext(RenderHostContext) ?? window.location.hostname;
}

/** Whether the server is drawing this page ahead of the app (prerender.tsx), not the browser. */
export function useDrawnByServer(): boolean {
  return useContext(RenderHostContext) !== null;
}
