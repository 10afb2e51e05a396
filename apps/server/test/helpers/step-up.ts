import type { TStepUpPurpose } from '@lionrock/domain/self-service/access-rules';
import type { FastifyInstance } from 'fastify';
import type { TMailMessage } from '../../src/mail/mailer.ts';
import { SESSION } from './test-app.ts';

/**
 * The step-up code a sensitive change needs (decision 102), as its holder gets it: asked for in the
 * session, mailed to the address on the policy, read from that mail. A 429 (the policy's send back-off)
 * moves the test's clock by the wait it names and asks again.
 */
export async function stepUpCode(
  app: FastifyInstance,
  sent: TMailMessage[],
  options: {
    cookie: string;
    policyId: string;
    purpose: TStepUpPurpose;
    language?: 'en' | 'zh';
    advance?: (ms: number) => void;
  },
): Promise<string> {
  const ask = () =>
    app.inject({
      method: 'POST',
      url: `/b2c-server/rest/my-policy/policies/${options.policyId}/step-up`,
      headers: { 'session-name': SESSION, cookie: options.cookie },
      payload: { purpose: options.purpose, language: options.language ?? 'en' },
    });
  let answer = await ask();
  if (answer.statusCode === 429 && options.advance) {
    options.advance(answer.json().retryAfterSeconds * 1000);
    answer = await ask();
  }
  if (answer.statusCode !== 200) throw new Error(`step-up answered ${answer.statusCode}: ${answer.body}`);
  const before = sent.length;
  await app.services.documents.deliverMail(20);
  const mail = sent.slice(before).findLast((message) => message.messageId?.startsWith('step-up.'));
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error('no step-up code was mailed');
  return code;
}
