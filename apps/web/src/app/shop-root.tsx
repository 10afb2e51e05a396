import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { RenderHostContext } from './shell/render-host';

/**
 * The whole shop, as the browser renders it (main.tsx) and as the server draws the landing ahead of it
 * (prerender.tsx): the one tree both use, so the browser can take over the server's HTML (hydrate).
 */
export function ShopRoot({
  queryClient,
  host = null,
  router,
}: {
  queryClient: QueryClient;
  /** The host the server draws for; the browser reads its own. */
  host?: string | null;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <RenderHostContext.Provider value={host}>
        <Providers queryClient={queryClient}>{router(<AppRoutes />)}</Providers>
      </RenderHostContext.Provider>
    </StrictMode>
  );
}
