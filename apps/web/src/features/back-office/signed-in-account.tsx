import { can, type TPermission } from '@lionrock/domain/back-office/staff-rules';
import type { TCountry } from '@lionrock/domain/market/market';
import { createContext, type ReactNode, useContext } from 'react';
import type { TBackOfficeAccount } from './back-office-session';

/** The account signed in to the desk, for a page to ask what its role may do. */
const SignedInAccount = createContext<TBackOfficeAccount | null>(null);

export function SignedInAccountProvider({
  account,
  children,
}: {
  account: TBackOfficeAccount;
  children: ReactNode;
}) {
  return <SignedInAccount.Provider value={account}>{children}</SignedInAccount.Provider>;
}

/**
 * Whether the signed-in account's role has a permission, read from the domain's one table
 * (`staff-rules.ts`, the server's guard reads it too): a control the server would refuse is not shown.
 * No account (outside the desk) may do nothing.
 */
export function useCan(permission: TPermission): boolean {
  const account = useContext(SignedInAccount);
  return account !== null && can(account.role, permission);
}

/** The signed-in agent's market (where it is registered to sell); null for staff or outside the desk. */
export function useAgentMarket(): TCountry | null {
  return useContext(SignedInAccount)?.market ?? null;
}
