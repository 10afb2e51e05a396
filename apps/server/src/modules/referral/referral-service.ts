import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isReferralReason,
  REFERRAL_MESSAGE_KEYS,
  REFERRAL_WINDOW_MINUTES,
  REFERRALS_PER_CLIENT_PER_WINDOW,
  REFERRALS_PER_WINDOW,
  referralDecisionProblem,
  referralOverride,
  referralReference,
  referralTermsOf,
  referralValidUntil,
  type TReferralApplicant,
  type TReferralClass,
  type TReferralContact,
  type TReferralDecision,
  type TReferralOverride,
  type TReferralReason,
  type TReferralStatus,
  type TStoredReferral,
  validateReferralContact,
} from '@lionrock/domain/back-office/referral-rules';
import { compareDates, formatDmy, parseDmy, todayIn } from '@lionrock/domain/dates/local-date';
import { normaliseIdForMatching } from '@lionrock/domain/identity/id-number';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { maskIdNumber } from '@lionrock/domain/policy/policy-facts';
import type { TStage } from '@lionrock/domain/policy/policy-rules';
import { REFUSALS } from '@lionrock/domain/policy/refusals';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import { ApiError, badRequest } from '../../lib/api-error.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import { openSealedValue, sealValue } from '../../lib/sealed-values.ts';
import type { TServerSecrets } from '../../lib/server-secrets.ts';
import type { TActor } from '../back-office/audit.ts';
import type { TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TPolicyService } from '../policy/policy-service.ts';
import type { TProductType } from '../product/product-catalogue.ts';
import type { TSavedQuoteService } from '../saved-quote/saved-quote-service.ts';
import { composeReferralMail, isReferralMailKind } from './referral-mail.ts';
import type { TReferralDecisionWrite, TReferralRepository, TReferralRow } from './referral-repository.ts';

export type { TReferralRow };

/** The quote as it is referred and stored: no applicant, no prices, no server fields, no referral of its own. */
function referredDocument(policy: TPolicy): TPolicy {
  const {
    policyId: _policyId,
    policyNumber: _policyNumber,
    receiptNumber: _receiptNumber,
    scheduleUrl: _scheduleUrl,
    manageUrl: _manageUrl,
    campaignVoucher: _campaignVoucher,
    payment: _payment,
    saveForLaterToken: _token,
    errorMessage: _errorMessage,
    messageKey: _messageKey,
    ...rest
  } = policy as TPolicy & { status?: string };
  const { status: _status, ...clean } = rest as typeof rest & { status?: string };
  const pa = clean.policyPAN;
  if (!pa) return { ...clean, paymentSuccess: 'false' } as TPolicy;
  const { referralId: _referralId, policyPremium: _premium, selectedPlan: _plan, applicant, ...part } = pa;
  // Who the insured people are is asked on the applicant page; the referral keeps only what was rated.
  const anonymous = <T extends { lastName: string; hkId: string; dateOfBirth: string }>(person: T) => ({
    ...person,
    lastName: '',
    hkId: '',
    dateOfBirth: '',
  });
  return {
    ...clean,
    paymentSuccess: 'false',
    policyPAN: {
      ...part,
      insured: {
        ...part.insured,
        ...(part.insured.adult1 ? { adult1: anonymous(part.insured.adult1) } : {}),
        ...(part.insured.adult2 ? { adult2: anonymous(part.insured.adult2) } : {}),
        children: part.insured.children.map(anonymous),
      },
      premiumItems: [],
      ...(applicant
        ? { applicant: { ...applicant, fullName: '', hkId: '', uen: '', email: '', mobileNo: '' } }
        : {}),
    },
  } as TPolicy;
}

/** The refusal a rating answer carries, when it is one an underwriter may overturn. */
function referableReasonOf(answer: TPolicy): TReferralReason | null {
  if (!answer.errorMessage) return null;
  const found = Object.entries(REFUSALS).find(
    ([, refusal]) => refusal.messageKey === answer.messageKey && refusal.errorMessage === answer.errorMessage,
  );
  return found && isReferralReason(found[0]) ? found[0] : null;
}

export function storedReferralOf(row: TReferralRow): TStoredReferral {
  return {
    referralId: row.id,
    productType: row.productType,
    country: row.country,
    reason: row.reason as TReferralReason,
    status: row.status as TReferralStatus,
    validUntil: row.validUntil,
    terms:
      row.status === 'accepted'
        ? {
            occupationClass: (row.acceptedClass as TReferralClass | null) ?? null,
            loadingBasisPoints: row.loadingBasisPoints ?? 0,
          }
        : null,
    referred: row.document as TPolicy,
  };
}

/**
 * Underwriting referrals (issue 18, decision 089): the customer's refer-me call, the lookup the
 * rating makes for a quote that names a referral, the underwriter's decision (audited, mailed and,
 * for an acceptance, a saved quote whose link reopens the quote in one transaction), and the mails.
 */
export function createReferralService(deps: {
  /** The keys of the referral's ID numbers: derived from the signing secret, else made once. */
  secrets: Pick<TServerSecrets, 'purpose'>;
  repository: TReferralRepository;
  config: TConfig;
  limits: TLimitStore;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
  /** Late-bound: the policy service reads referrals too (lookup), so it is built after this. */
  policies: () => TPolicyService;
  savedQuotes: () => TSavedQuoteService;
}) {
  const { config, now } = deps;

  /** A configured signing secret derives the keys (production needs no new setting); else a shared one. */
  const secretOf = (name: string) => deps.secrets.purpose(name, config.linkSigningSecret);

  /** The keyed hash an ID number is matched by: equal for the same number in the same market only. */
  async function idKeyOf(country: string, idNumber: string): Promise<string> {
    return createHmac('sha256', await secretOf('referral-id-key'))
      .update(`${country}|${normaliseIdForMatching(idNumber)}`, 'utf8')
      .digest('base64url');
  }

  const sameKey = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  async function within(key: string, max: number) {
    const counted = await deps.limits.add(key, 1, REFERRAL_WINDOW_MINUTES * 60_000);
    return { ok: counted.count <= max, retryAfterMs: counted.retryAfterMs };
  }

  const { repository } = deps;
  const findById = repository.findById;

  return {
    findById,

    /**
     * The override a quote naming a referral is priced with, or null. At the applicant stage the
     * applicant's ID number must be the referral's; before it nobody is named yet.
     */
    async overrideFor(policy: TPolicy, stage: TStage): Promise<TReferralOverride | null> {
      const id = policy.policyPAN?.referralId;
      if (!id) return null;
      const row = await findById(id);
      if (!row) return null;
      let applicant: TReferralApplicant = 'none';
      if (stage === 'apply') {
        const hkId = policy.policyPAN?.applicant?.hkId?.trim() ?? '';
        applicant =
          hkId !== '' && sameKey(await idKeyOf(policy.country, hkId), row.idKey) ? 'matches' : 'differs';
      }
      return referralOverride(storedReferralOf(row), policy, { now: now(), applicant });
    },

    /**
     * The customer's referral: the form by the domain's rules, the quote validated and re-rated here
     * (it must really be refused for a reason an underwriter reviews), one open referral per
     * applicant, product and reason, and the acknowledgement queued with it.
     */
    async create(
      input: { policy: TPolicy; contact: TReferralContact; language: 'en' | 'zh' },
      sessionName: string,
      client: string,
    ): Promise<{ referralId: string; reference: string; status: 'open' }> {
      const limits: [string, number][] = [
        [`referral:session:${sessionName}`, REFERRALS_PER_WINDOW],
        [`referral:client:${client}`, REFERRALS_PER_CLIENT_PER_WINDOW],
      ];
      for (const [key, max] of limits) {
        const limit = await within(key, max);
        if (!limit.ok)
          throw new ApiError(429, 'Too many requests to our underwriters. Please try again later.', {
            field: 'contact',
            messageKey: REFERRAL_MESSAGE_KEYS.tooMany,
            retryAfterMs: limit.retryAfterMs,
          });
      }
      const { policy, contact, language } = input;
      if (policy.productType !== 'PAN' || !policy.policyPAN)
        throw badRequest(
          'policy.productType',
          'Only a personal accident quote can be referred.',
          REFERRAL_MESSAGE_KEYS.notReferable,
        );
      const [problem] = validateReferralContact(policy.country, contact);
      if (problem)
        throw badRequest(
          `contact.${problem.field}`,
          `contact.${problem.field} is not valid (${problem.messageKey}).`,
          problem.messageKey,
        );
      const document = referredDocument(policy);
      let answer: TPolicy;
      try {
        answer = await deps.policies().rate('multirate', document, sessionName);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 400 && error.field)
          throw badRequest(`policy.${error.field}`, error.message, error.messageKey ?? undefined);
        throw error;
      }
      const reason = referableReasonOf(answer);
      if (!reason)
        throw new ApiError(
          409,
          'This quote is not one our underwriters review: it can be bought online or not at all.',
          {
            field: 'policy',
            messageKey: REFERRAL_MESSAGE_KEYS.notReferable,
          },
        );
      const idNumber = normaliseIdForMatching(contact.idNumber.trim());
      const idKey = await idKeyOf(policy.country, idNumber);
      // Secrets are read before the transaction: an embedded database has one connection.
      const idSealed = sealValue(idNumber, await secretOf('referral-id-seal'));
      const row = await repository.insertWithMail(
        {
          productType: policy.productType,
          country: policy.country,
          reason,
          document,
          fullName: contact.fullName.trim().toUpperCase(),
          idType: contact.idType,
          idKey,
          idMasked: maskIdNumber(idNumber),
          idSealed,
          mobileNoCountryCode: contact.mobileNoCountryCode.trim().replace(/^\+/, ''),
          mobileNo: contact.mobileNo.trim(),
          email: contact.email.trim(),
          language,
          consentAt: now(),
        },
        (inserted) => ({
          messageId: `referral.${inserted.id}.received`,
          kind: 'referral-received',
          recipientRole: 'applicant',
          recipient: inserted.email,
          language,
        }),
      );
      if (!row)
        throw new ApiError(409, 'You already have a request with our underwriters for this cover.', {
          field: 'contact.idNumber',
          messageKey: REFERRAL_MESSAGE_KEYS.alreadyOpen,
        });
      deps.log.info({ referral: row.id, reason, country: row.country }, 'referral received');
      deps.onMailQueued();
      return { referralId: row.id, reference: referralReference(row.id), status: 'open' };
    },

    /**
     * The underwriter's decision, in one transaction: the referral moved from open (a second decision
     * is a 409), the audit row, the customer's mail and, for an acceptance, the saved quote (decision
     * 076) whose link reopens the quote naming the referral, live as long as the acceptance.
     */
    async decide(id: string, decision: TReferralDecision, actor: TActor): Promise<TReferralRow> {
      // The link's token is made (and sealed) before the transaction: an embedded database has one connection.
      const token = decision.outcome === 'accepted' ? await deps.savedQuotes().sealedToken() : null;
      const outcome = await repository.decide(id, (row) => {
        const problem = referralDecisionProblem(
          { reason: row.reason as TReferralReason, status: row.status as TReferralStatus },
          decision,
        );
        if (problem)
          throw new ApiError(problem.conflict ? 409 : 400, problem.problem, { field: problem.field });
        const at = now();
        const accepted = decision.outcome === 'accepted';
        const terms = accepted ? referralTermsOf(row.reason as TReferralReason, decision) : null;
        const validUntil = accepted ? referralValidUntil(at) : null;
        let savedQuote: TReferralDecisionWrite['savedQuote'] = null;
        if (accepted) {
          const referred = row.document as TPolicy;
          const pa = referred.policyPAN!;
          // A start date passed while the referral waited starts the cover today; the customer may change it.
          const today = todayIn(MARKETS[row.country as TCountry].timeZone, at);
          const start = parseDmy(pa.effectiveDate);
          const effectiveDate =
            start && compareDates(start, today) >= 0 ? pa.effectiveDate : formatDmy(today);
          const { tokenHash, sealedToken } = token!;
          savedQuote = {
            sessionName: `referral-${row.id}`,
            productType: row.productType,
            country: row.country,
            language: row.language,
            step: 'quote',
            document: {
              ...referred,
              lang: row.language,
              policyPAN: { ...pa, effectiveDate, referralId: row.id },
            },
            email: row.email,
            tokenHash,
            sealedToken,
            source: 'referral',
            leftAt: at,
            expiresAt: validUntil!,
            // The acceptance is the customer's mail: no marketing reminder replaces its link.
            remindedAt: at,
            reminderOutcome: 'referral',
          };
        }
        return {
          savedQuote,
          set: {
            status: decision.outcome,
            decidedBy: actor.label,
            decidedById: actor.id,
            decidedAt: at,
            decisionReason: decision.reason.trim(),
            acceptedClass: terms?.occupationClass ?? null,
            loadingBasisPoints: terms?.loadingBasisPoints ?? null,
            validUntil,
          },
          mail: {
            messageId: `referral.${row.id}.${decision.outcome}`,
            kind: accepted ? 'referral-accepted' : 'referral-refused',
            recipientRole: 'applicant',
            recipient: row.email,
            language: row.language,
          },
          audit: (updated) => ({
            at,
            actor,
            action: accepted ? 'referral.accept' : 'referral.refuse',
            entity: 'referral',
            entityId: row.id,
            before: { status: row.status },
            after: {
              status: updated.status,
              ...(terms
                ? {
                    acceptedClass: terms.occupationClass,
                    loadingPercent: terms.loadingBasisPoints / 100,
                    validUntil: validUntil!.toISOString(),
                  }
                : {}),
            },
            note: decision.reason.trim(),
          }),
        };
      });
      if ('missing' in outcome) throw new ApiError(404, 'No such referral.', { field: 'referralId' });
      if ('conflict' in outcome)
        throw new ApiError(409, `This referral is already ${outcome.conflict}.`, { field: 'outcome' });
      const decided = outcome.updated;
      deps.log.info({ referral: decided.id, status: decided.status }, 'referral decided');
      deps.onMailQueued();
      return decided;
    },

    /** The staff's reveal of one field: the ID number opened from its sealed copy, or the contact. */
    async revealOf(row: TReferralRow, field: 'idNumber' | 'email' | 'mobile'): Promise<string> {
      if (field === 'email') return row.email;
      if (field === 'mobile') return `+${row.mobileNoCountryCode} ${row.mobileNo}`;
      return openSealedValue(row.idSealed, await secretOf('referral-id-seal')) ?? '';
    },

    list: (status?: TReferralStatus) => repository.list(status),

    /** The content of a referral mail, or null when it has nothing to send (its link was delivered). */
    async mailContent(mail: TMailRow): Promise<{ subject: string; text: string; html: string } | null> {
      if (!isReferralMailKind(mail.kind)) return null;
      const [, id] = mail.messageId.split('.');
      const row = id ? await findById(id) : undefined;
      if (!row) return null;
      let url: string | null = null;
      if (mail.kind === 'referral-accepted') {
        const link = row.savedQuoteId ? await deps.savedQuotes().sealedLinkOf(row.savedQuoteId) : null;
        if (!link) return null;
        url = link.url;
      }
      const validUntil = row.validUntil
        ? formatDmy(todayIn(MARKETS[row.country as TCountry].timeZone, row.validUntil))
        : null;
      return composeReferralMail(mail.kind, row.language === 'zh' ? 'zh' : 'en', {
        country: row.country as TCountry,
        productType: row.productType as TProductType,
        reason: row.reason as TReferralReason,
        reference: referralReference(row.id),
        note: mail.kind === 'referral-refused' ? row.decisionReason : null,
        url,
        validUntil,
        fullName: row.fullName,
      });
    },

    /** After the acceptance's mail was handed over, its link's token is kept as its hash only. */
    async mailDelivered(mail: TMailRow): Promise<void> {
      if (mail.kind !== 'referral-accepted') return;
      const [, id] = mail.messageId.split('.');
      const row = id ? await findById(id) : undefined;
      if (!row?.savedQuoteId) return;
      const generation = await repository.savedQuoteGeneration(row.savedQuoteId);
      if (generation !== undefined) await deps.savedQuotes().forgetSealedToken(row.savedQuoteId, generation);
    },
  };
}

export type TReferralService = ReturnType<typeof createReferralService>;
