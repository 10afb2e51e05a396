import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import type { TCountry } from '@lionrock/domain/market/market';

export type TDesk = 'admin' | 'agent';

/** The signed-in account as `/back-office/api/session` gives it. */
export type TBackOfficeAccount = {
  id: string;
  username: string;
  displayName: string;
  role: TAccountRole;
  agentCode: string | null;
  /** An agent's market (decision 111): the desk's Chinese script and the market its forms open on. */
  market: TCountry | null;
};

/** The session's answer: `password` means the password is right and the TOTP code is still due. */
export type TSessionAnswer = {
  stage: 'password' | 'ready';
  account: TBackOfficeAccount | null;
  csrfToken: string;
  enrol: { secret: string; uri: string } | null;
};

/** A TOTP secret in groups of four, for typing into an app. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
