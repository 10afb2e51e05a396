import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { ACCESS_CODE_MAX_TRIES } from '@lionrock/domain/self-service/access-rules';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { openSealedValue } from '../../lib/sealed-values.ts';
import { purposeSecret } from '../../lib/server-secrets.ts';
import type { TMailSender } from '../notifications/mail-senders.ts';
import { ACCESS_CODE_MAIL_KIND, accessCodeHash, composeAccessCodeMail } from './access-code-mail.ts';
import type { TAccessRepository } from './access-repository.ts';

/**
 * The one-time code's e-mail (decision 101): the code opened from the outbox's sealed copy when it is
 * sent; a code used, dead of wrong tries or past its minutes is not sent.
 */
export function accessCodeMailSender(deps: {
  db: TDb;
  config: TConfig;
  repository: Pick<TAccessRepository, 'findNumberedPolicyById' | 'findCode'>;
  now: () => Date;
}): TMailSender {
  return {
    name: 'access code',
    handles: (mail) => mail.kind === ACCESS_CODE_MAIL_KIND,
    async compose(mail) {
      const row = mail.policyId ? await deps.repository.findNumberedPolicyById(mail.policyId) : undefined;
      const secret = await purposeSecret(deps.db, 'access-code', deps.config.linkSigningSecret);
      const opened = mail.sealed ? openSealedValue(mail.sealed, secret) : null;
      // Sealed as "code|expiry in ms|challenge hash": a mail delayed past the code's minutes is not sent.
      const [code, until, challengeHash] = (opened ?? '').split('|');
      const live = challengeHash ? await deps.repository.findCode(challengeHash) : undefined;
      const current =
        Boolean(code && challengeHash) &&
        live !== undefined &&
        live.tries < ACCESS_CODE_MAX_TRIES &&
        live.codeHash === accessCodeHash(secret, challengeHash!, code!);
      if (!row?.policyNumber || !code || !current || !(Number(until) > deps.now().getTime())) return null;
      return composeAccessCodeMail({
        code,
        policyNumber: row.policyNumber,
        productType: row.productType as TPolicy['productType'],
        country: row.country as TCountry,
        language: mail.language === 'zh' ? 'zh' : 'en',
      });
    },
  };
}
