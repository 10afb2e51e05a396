import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { validateEmail } from '@lionrock/domain/eligibility/people';
import type { TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import { shownTotalCents } from '@lionrock/domain/policy/rate-policy';
import { productPartOf } from '@lionrock/domain/product/products';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  isReminderDue,
  optedOutOfMarketing,
  resumeStep,
  SAVED_QUOTE_REMINDER_HOURS,
  SAVED_QUOTE_SAVES_PER_WINDOW,
  SAVED_QUOTE_TOKEN_BYTES,
  SAVED_QUOTE_TOKEN_PATTERN,
  SAVED_QUOTE_VALID_DAYS,
  SAVED_QUOTE_WINDOW_MINUTES,
  savedQuoteExpiry,
  type TSavedQuoteStep,
} from '@lionrock/domain/self-service/saved-quote-rules';
import type { TProductType } from '@lionrock/domain/tax/tax';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import { ApiError, badRequest } from '../../lib/api-error.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import type { TServerSecrets } from '../../lib/server-secrets.ts';
import type { TAgentRepository } from '../agent/agent-repository.ts';
import type { TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TPolicyRepository } from '../policy/policy-repository.ts';
import { PriceChangedError, type TPolicyService } from '../policy/policy-service.ts';
import { PRODUCT_CATALOGUE } from '../product/product-catalogue.ts';
import { composeSavedQuoteMail, isSavedQuoteMailKind } from './saved-quote-mail.ts';
import type { TSavedQuoteRepository, TSavedQuoteRow } from './saved-quote-repository.ts';

/** The message key of a link that is unknown, replaced or past its 30 days: one answer for all three. */
export const LINK_NOT_VALID_KEY = 'savedQuote.linkNotValid';

/** What a reopened journey answers: where to go, the policy re-rated today, and what changed. */
export type TReopenedJourney = {
  step: TSavedQuoteStep;
  policy: TPolicy;
  /** The total the customer was shown when saving, when today's differs (the 409 flow's new price). */
  previousTotalCents: number | null;
  /** The rule the journey now breaks (a departure date passed), shown on the step it reopens at. */
  invalid: { field: string; messageKey: string | null } | null;
  language: 'en' | 'zh';
};

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/**
 * What the browser's policy may not bring into a saved journey (design section 5: never trusted): the
 * server's numbers, payment, refusals and the spec's token field itself (the token travels only in the
 * e-mailed link). The document is re-rated whenever it is reopened.
 */
function savedDocument(policy: TPolicy): TPolicy {
  const {
    policyId: _policyId,
    policyNumber: _policyNumber,
    receiptNumber: _receiptNumber,
    scheduleUrl: _scheduleUrl,
    campaignVoucher: _campaignVoucher,
    payment: _payment,
    saveForLaterToken: _token,
    errorMessage: _errorMessage,
    messageKey: _messageKey,
    ...rest
  } = policy as TPolicy & { status?: string };
  const { status: _status, ...clean } = rest as typeof rest & { status?: string };
  return { ...clean, paymentSuccess: 'false' } as TPolicy;
}

/** The policy without the policyholder's identifying details: rated by the quote page's rules. */
function withoutApplicantDetails(policy: TPolicy): TPolicy {
  const key = productPartOf(policy.productType);
  const part = policy[key];
  if (!part?.applicant) return policy;
  const applicant = { ...part.applicant, fullName: '', hkId: '', uen: '', email: '', mobileNo: '' };
  return { ...policy, [key]: { ...part, applicant } } as TPolicy;
}

function withApplicantOf(policy: TPolicy, from: TPolicy): TPolicy {
  const key = productPartOf(policy.productType);
  const part = policy[key];
  const applicant = policyApplicant(from);
  if (!part || !applicant) return policy;
  return { ...policy, [key]: { ...part, applicant } } as TPolicy;
}

function withShownTotal(policy: TPolicy, total: number | undefined): TPolicy {
  const key = productPartOf(policy.productType);
  const part = policy[key];
  if (!part?.policyPremium) return policy;
  const { totalPremium: _sent, ...premium } = part.policyPremium;
  return {
    ...policy,
    [key]: { ...part, policyPremium: total === undefined ? premium : { ...premium, totalPremium: total } },
  } as TPolicy;
}

/** Where the rule a field breaks is fixed: the applicant's on the applicant page, the rest on the quote. */
const isApplicantField = (field: string) => /\.applicant\./.test(field) || /^applicant/.test(field);

export function createSavedQuoteService(deps: {
  repository: TSavedQuoteRepository;
  policies: TPolicyService;
  policyRows: TPolicyRepository;
  /** The agent a journey names, for its mail (decision 087). */
  agents: Pick<TAgentRepository, 'findAgent'>;
  limits: TLimitStore;
  config: TConfig;
  /** The link-signing secret: the configured one, else one made once in the database. */
  secrets: Pick<TServerSecrets, 'shared'>;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
}) {
  const { repository, now } = deps;

  /** The key that seals a token until its mail is delivered (AES-256-GCM), derived from the link secret. */
  async function sealKey(): Promise<Buffer> {
    const secret = await deps.secrets.shared('link-signing', deps.config.linkSigningSecret);
    return createHmac('sha256', secret).update('saved-quote-seal').digest();
  }
  async function seal(token: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await sealKey(), iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }
  async function unseal(value: string): Promise<string> {
    const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', await sealKey(), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
  }

  async function newToken(): Promise<{ token: string; tokenHash: string; sealedToken: string }> {
    const token = randomBytes(SAVED_QUOTE_TOKEN_BYTES).toString('base64url');
    return { token, tokenHash: sha256(token), sealedToken: await seal(token) };
  }

  /** Counts one more in a window; true while within the limit. */
  async function within(key: string): Promise<{ ok: boolean; retryAfterMs: number }> {
    const counted = await deps.limits.add(key, 1, SAVED_QUOTE_WINDOW_MINUTES * 60_000);
    return { ok: counted.count <= SAVED_QUOTE_SAVES_PER_WINDOW, retryAfterMs: counted.retryAfterMs };
  }

  /** The link of a journey: the product's own pages, the token in the fragment (never sent to a server). */
  function linkOf(productType: string, token: string): string {
    const product = PRODUCT_CATALOGUE[productType as TProductType]?.documentKey ?? 'travel';
    return `${deps.config.publicUrl}/${product}/resume#${token}`;
  }

  /**
   * The total the customer was shown, as the server priced the journey when it was saved (issue 27
   * section 5): the page's own figure is never kept, so a reopened journey compares today's price with
   * the server's only. Priced as the step it reopens at is; none when the server cannot price it.
   */
  async function withServerTotal(step: TSavedQuoteStep, policy: TPolicy): Promise<TPolicy> {
    let cents: number | null = null;
    if (step !== 'quote') {
      try {
        cents = await deps.policies.selectedTotalCents(
          step === 'confirm' ? policy : withoutApplicantDetails(policy),
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.statusCode === 400)) throw error;
      }
    }
    return withShownTotal(policy, cents === null ? undefined : cents / 100);
  }

  /** Rates a reopened journey as the page it lands on would, under the caller's session. */
  async function rateAt(
    step: TSavedQuoteStep,
    saved: TPolicy,
    sessionName: string,
  ): Promise<Omit<TReopenedJourney, 'language'>> {
    const shown = shownTotalCents(saved);
    const invalidAt = (error: ApiError, fallback: TSavedQuoteStep): Omit<TReopenedJourney, 'language'> => {
      const field = error.field ?? 'policy';
      const at = fallback === 'confirm' && isApplicantField(field) ? 'applicant' : resumeStep(step, false);
      return {
        step: at,
        policy: saved,
        previousTotalCents: null,
        invalid: { field, messageKey: error.messageKey ?? null },
      };
    };
    try {
      // The quote page's rules first: a date that has passed sends the journey back to the quote step.
      const quoteDoc = withoutApplicantDetails(saved);
      if (step === 'quote') {
        const plans = await deps.policies.rate('multirate', quoteDoc, sessionName);
        return { step, policy: withApplicantOf(plans, saved), previousTotalCents: null, invalid: null };
      }
      await deps.policies.rate('multirate', quoteDoc, sessionName);
      const rated = step === 'confirm' ? saved : quoteDoc;
      let answer: TPolicy;
      let previousTotalCents: number | null = null;
      try {
        answer = await deps.policies.rate('rate', rated, sessionName);
      } catch (error) {
        if (!(error instanceof PriceChangedError)) throw error;
        // Today's price differs from the one shown before the save: stored at today's, and said (the 409 flow).
        previousTotalCents = shown ?? null;
        const today = shownTotalCents(error.policy);
        answer = await deps.policies.rate(
          'rate',
          withShownTotal(rated, today === undefined ? undefined : today / 100),
          sessionName,
        );
      }
      const invalid = answer.errorMessage ? { field: 'policy', messageKey: answer.messageKey ?? null } : null;
      return {
        step: invalid ? 'quote' : step,
        policy: withApplicantOf(answer, saved),
        previousTotalCents,
        invalid,
      };
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 400) return invalidAt(error, step);
      throw error;
    }
  }

  return {
    /**
     * A new token, hashed and sealed, for a journey another module stores in its own transaction (an
     * accepted referral, decision 089); the token itself is not returned: its mail unseals it.
     */
    async sealedToken(): Promise<{ tokenHash: string; sealedToken: string }> {
      const { tokenHash, sealedToken } = await newToken();
      return { tokenHash, sealedToken };
    },

    /** The link of a stored journey while its token is still sealed (its mail not yet delivered); else null. */
    async sealedLinkOf(id: string): Promise<{ url: string; generation: number } | null> {
      const row = await repository.findById(id);
      if (!row?.sealedToken) return null;
      return { url: linkOf(row.productType, await unseal(row.sealedToken)), generation: row.generation };
    },

    /** Its mail delivered: the journey's token is kept as its hash only. */
    forgetSealedToken: (id: string, generation: number) => repository.forgetSealedToken(id, generation),

    /**
     * Saves the caller's journey and e-mails its link (decision 076). The answer is the same whatever
     * happens to the mail, so it tells nobody whether an address was already sent too many.
     */
    async save(
      input: {
        policy: TPolicy;
        step: TSavedQuoteStep;
        email: string;
        language: 'en' | 'zh';
        /** 'agent' when an agent prepared the journey for the customer at the desk (decision 087). */
        source?: 'saved' | 'agent';
      },
      sessionName: string,
    ): Promise<void> {
      const emailError = validateEmail(input.email);
      if (emailError) throw badRequest('email', 'Please enter a valid e-mail address.', emailError);
      const email = input.email.trim();
      const session = await within(`saved-quote:session:${sha256(sessionName)}`);
      if (!session.ok)
        throw new ApiError(429, 'Too many saves from this page. Please wait a little and try again.', {
          field: 'session',
          retryAfterMs: session.retryAfterMs,
        });
      let policyId: string | null = null;
      if (input.policy.policyId) {
        const row = await deps.policyRows.findPolicy(input.policy.policyId);
        // Only the caller's own stored policy is kept with the journey (design section 5).
        if (row && row.sessionName === sessionName) {
          if (row.status === 'issued' || row.policyNumber)
            throw new ApiError(409, 'This policy is already paid and issued.', {
              field: 'policyId',
              messageKey: MESSAGE_KEYS.paymentAlreadyMade,
            });
          policyId = row.policyId;
        }
      }
      // An address that has been sent enough links this hour gets no more; the answer does not say so.
      const address = await within(`saved-quote:email:${sha256(email.toLowerCase())}`);
      if (!address.ok) {
        deps.log.info({ step: input.step }, 'saved quote not mailed: address over its limit');
        return;
      }
      const at = now();
      const { tokenHash, sealedToken } = await newToken();
      const document = await withServerTotal(input.step, {
        ...savedDocument(input.policy),
        lang: input.language,
      });
      const row = await repository.saveJourney(sessionName, {
        policyId,
        productType: document.productType,
        country: document.country,
        language: input.language,
        step: input.step,
        document,
        email,
        tokenHash,
        sealedToken,
        source: input.source ?? 'saved',
        leftAt: at,
        expiresAt: savedQuoteExpiry(at),
      });
      deps.log.info(
        { savedQuote: row.id, step: row.step, generation: row.generation },
        'quote saved for later',
      );
      deps.onMailQueued();
    },

    /**
     * The journey of a live token, re-rated at today's prices and stored as this session's quote. A
     * token opens as often as the customer likes until it expires or a newer save replaces it.
     */
    async open(token: string, sessionName: string): Promise<TReopenedJourney> {
      const notValid = () =>
        new ApiError(404, 'This link has expired or has been replaced by a newer one.', {
          field: 'token',
          messageKey: LINK_NOT_VALID_KEY,
        });
      if (!SAVED_QUOTE_TOKEN_PATTERN.test(token)) throw notValid();
      const row = await repository.findLive(sha256(token), now());
      if (!row) throw notValid();
      const language = row.language === 'zh' ? 'zh' : 'en';
      const saved = { ...(row.document as TPolicy), lang: language } as TPolicy;
      const reopened = await rateAt(row.step as TSavedQuoteStep, saved, sessionName);
      await repository.markResumed(row.id, sessionName);
      deps.log.info({ savedQuote: row.id, step: reopened.step }, 'saved quote reopened');
      return { ...reopened, language };
    },

    /**
     * The reminder scan (decision 077): every journey left 24 hours ago with an e-mail gets one
     * reminder, unless it was bought or its customer said no to marketing. Safe to run twice at once.
     * `at` is the scan's instant: now, or the one a business date staff chose stands for (decision 129).
     */
    async runReminderScan(
      limit = 200,
      at: Date = now(),
    ): Promise<{ sent: number; optedOut: number; bought: number; deleted?: number }> {
      const leftBefore = new Date(at.getTime() - SAVED_QUOTE_REMINDER_HOURS * 3_600_000);
      const counts = { sent: 0, optedOut: 0, bought: 0 };
      for (const row of await repository.listDueSaved(leftBefore, at, limit)) {
        if (!isReminderDue(row.leftAt, at)) continue;
        const document = row.document as TPolicy;
        if (await repository.wasBought(row)) {
          if (await repository.decideReminder(row.id, 'bought', at)) counts.bought += 1;
        } else if (optedOutOfMarketing(document)) {
          if (await repository.decideReminder(row.id, 'opted-out', at)) counts.optedOut += 1;
        } else {
          const { tokenHash, sealedToken } = await newToken();
          if (await repository.decideReminder(row.id, 'sent', at, { tokenHash, sealedToken }))
            counts.sent += 1;
        }
      }
      const notBefore = new Date(at.getTime() - SAVED_QUOTE_VALID_DAYS * 86_400_000);
      for (const policy of await repository.listAbandonedPolicies(leftBefore, notBefore, limit)) {
        const document = policy.document as TPolicy;
        const email = policyApplicant(document)?.email?.trim() ?? '';
        if (validateEmail(email)) continue;
        const outcome = optedOutOfMarketing(document) ? 'opted-out' : 'sent';
        const { tokenHash, sealedToken } = await newToken();
        const language = document.lang === 'zh' ? 'zh' : 'en';
        const step: TSavedQuoteStep = policyApplicant(document)?.fullName ? 'confirm' : 'applicant';
        const inserted = await repository.insertAbandoned(
          policy.sessionName,
          {
            policyId: policy.policyId,
            productType: policy.productType,
            country: policy.country as TCountry,
            language,
            step,
            document: { ...savedDocument(document), lang: language },
            email,
            tokenHash,
            sealedToken: outcome === 'sent' ? sealedToken : null,
            source: 'abandoned',
            leftAt: policy.updatedAt,
            expiresAt: savedQuoteExpiry(at),
          },
          at,
          outcome,
        );
        if (inserted) counts[outcome === 'sent' ? 'sent' : 'optedOut'] += 1;
      }
      if (counts.sent > 0) deps.onMailQueued();
      const deleted = await repository.deleteExpired(at);
      return deleted > 0 ? { ...counts, deleted } : counts;
    },

    /**
     * The content of a saved-quote mail of the outbox, or null when it has nothing to send any more (a
     * newer save's mail carries the live link). The sealed token is forgotten once it has been read
     * for its mail; the outbox marks the message sent.
     */
    async mailContent(mail: TMailRow): Promise<{ subject: string; text: string; html: string } | null> {
      if (!isSavedQuoteMailKind(mail.kind)) return null;
      const [, id, generation] = mail.messageId.split('.');
      const row: TSavedQuoteRow | undefined = id ? await repository.findById(id) : undefined;
      if (!row || String(row.generation) !== generation || !row.sealedToken) return null;
      const token = await unseal(row.sealedToken);
      const agentCode = (row.document as TPolicy).agentCode?.trim();
      const agent = agentCode ? await deps.agents.findAgent(agentCode) : undefined;
      return composeSavedQuoteMail({
        agent: agent
          ? { name: agent.name, registrationNo: agent.registrationNo, prepared: row.source === 'agent' }
          : null,
        kind: mail.kind,
        productType: row.productType as TProductType,
        country: row.country as TCountry,
        language: row.language === 'zh' ? 'zh' : 'en',
        url: linkOf(row.productType, token),
        expiresAt: row.expiresAt,
      });
    },

    /** After its mail was handed over, the token is kept only as its hash. */
    async mailDelivered(mail: TMailRow): Promise<void> {
      const [, id, generation] = mail.messageId.split('.');
      if (id && generation) await repository.forgetSealedToken(id, Number(generation));
    },
  };
}

export type TSavedQuoteService = ReturnType<typeof createSavedQuoteService>;
