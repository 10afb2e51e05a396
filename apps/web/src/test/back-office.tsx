import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SignedInAccountProvider } from '../features/back-office/signed-in-account';

/** A signed-in back-office account of a role, as the session call answers it. */
export function staffAccount(role: TAccountRole) {
  return { id: `${role}-1`, username: `${role}.one`, displayName: role, role, agentCode: null, market: null };
}

/** Renders a back-office page as an account of the role: its `useCan` answers by the domain's table. */
export function renderAs(role: TAccountRole, page: ReactElement) {
  return render(<SignedInAccountProvider account={staffAccount(role)}>{page}</SignedInAccountProvider>);
}
