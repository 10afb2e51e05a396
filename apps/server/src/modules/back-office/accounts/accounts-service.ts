import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import { ApiError } from '../../../lib/api-error.ts';
import type { TActor } from '../audit.ts';
import type { TStaffAccess } from '../staff-access.ts';
import type { TAccountRow, TAccountsRepository } from './accounts-repository.ts';

/** The changes operations make to an account; each is also the audit's verb and the route's last segment. */
export const ACCOUNT_CHANGES = ['disable', 'enable', 'unlock', 'reset-second-factor'] as const;
export type TAccountChange = (typeof ACCOUNT_CHANGES)[number];

export type TNewAccount = {
  username: string;
  displayName: string;
  email: string;
  role: TAccountRole;
  agentCode: string | null;
  password: string;
};

/** One change to an account: the new columns, whether its sessions end, and who may not make it. */
type TChangeRule = {
  apply: (row: TAccountRow, at: Date) => { set: Partial<TAccountRow>; endSessions: boolean };
  check?: (row: TAccountRow, actorId: string | null) => void;
};

const CHANGES: Record<TAccountChange, TChangeRule> = {
  disable: {
    apply: (_row, at) => ({ set: { disabledAt: at }, endSessions: true }),
    check: (row, actorId) => {
      if (row.id === actorId)
        throw new ApiError(409, 'You cannot disable your own account.', { field: 'id' });
    },
  },
  enable: {
    apply: () => ({ set: { disabledAt: null, failedSignIns: 0, lockedUntil: null }, endSessions: false }),
  },
  unlock: { apply: () => ({ set: { failedSignIns: 0, lockedUntil: null }, endSessions: false }) },
  // The next sign-in shows a new secret to enrol; whoever holds the old authenticator is signed out.
  'reset-second-factor': {
    apply: () => ({
      set: { totpSecret: null, totpConfirmedAt: null, totpLastStep: null },
      endSessions: true,
    }),
  },
};

const summaryOf = (row: TAccountRow, at: Date) => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  email: maskEmail(row.email),
  role: row.role,
  agentCode: row.agentCode,
  locked: row.lockedUntil !== null && row.lockedUntil > at,
  secondFactorEnrolled: row.totpConfirmedAt !== null,
  disabled: row.disabledAt !== null,
});

/**
 * Operations' account screen (issue 18, decision 086): the accounts of the back office and the agents'
 * desk, made as the CLI makes them, and disabled, enabled, unlocked or sent back to enrol their
 * authenticator. Each change ends the account's sessions where it should and writes an audit row in
 * the same transaction. No one disables their own account.
 */
export function createAccountsService(deps: {
  repository: TAccountsRepository;
  access: Pick<TStaffAccess, 'createAccount'>;
  now: () => Date;
}) {
  const { repository, access, now } = deps;
  return {
    async listAccounts() {
      const rows = await repository.listAccounts();
      const at = now();
      return { accounts: rows.map((row) => summaryOf(row, at)) };
    },

    async createAccount(input: TNewAccount, createdBy: string) {
      if (input.role === 'agent' && input.agentCode && !(await repository.agentExists(input.agentCode)))
        throw new ApiError(400, 'No agent has this code.', { field: 'agentCode' });
      const made = await access.createAccount({ ...input, createdBy });
      const row = await repository.findAccount(made.id);
      return { account: summaryOf(row!, now()) };
    },

    async changeAccount(change: TAccountChange, id: string, actor: TActor) {
      const rule = CHANGES[change];
      const at = now();
      const before = await repository.findAccount(id);
      if (!before) throw new ApiError(404, 'No such account.', { field: 'id' });
      rule.check?.(before, actor.id);
      const { set, endSessions } = rule.apply(before, at);
      const after = await repository.updateAccount(
        before.id,
        { set: { ...set, updatedBy: actor.label, updatedAt: at }, endSessions },
        (updated) => ({
          at,
          actor,
          action: change,
          entity: 'account',
          entityId: before.id,
          before: summaryOf(before, at),
          after: summaryOf(updated, at),
        }),
      );
      return { account: summaryOf(after, at) };
    },
  };
}

export type TAccountsService = ReturnType<typeof createAccountsService>;
