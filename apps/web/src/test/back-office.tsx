import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { SignedInAccountProvider } from '../features/back-office/signed-in-account';

/** A signed-in back-office account of a role, as the session call answers it. */
export function staffAccount(role: TAccountRole) {
  return { id: `${role}-1`, username: `${role}.one`, displayName: role, role, agentCode: null, market: null };
}

/** The query cache a back-office page reads through (staff-query.ts): a fresh one for each render. */
function StaffQueries({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Renders a back-office page (or a tree holding one) with the query cache the shell gives it. */
export function renderStaff(ui: ReactElement) {
  return render(ui, { wrapper: StaffQueries });
}

/** Renders a back-office page as an account of the role: its `useCan` answers by the domain's table. */
export function renderAs(role: TAccountRole, page: ReactElement) {
  return renderStaff(<SignedInAccountProvider account={staffAccount(role)}>{page}</SignedInAccountProvider>);
}
