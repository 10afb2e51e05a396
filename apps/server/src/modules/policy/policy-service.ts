import { randomUUID } from 'node:crypto';
import { agentSellsIn } from '@lionrock/domain/back-office/agent-licensing';
import type { TReferralOverride } from '@lionrock/domain/back-office/referral-rules';
import { formatIso, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import { MARKETS } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import { listPolicyErrors, type TStage } from '@lionrock/domain/policy/policy-rules';
import {
  findSelectedItem,
  policyIdNumbers,
  ratePolicy,
  ratingDateOf,
  selectedPlanField,
  shownTotalCents,
  type TRated,
  withRating,
  withRefusal,
} from '@lionrock/domain/policy/rate-policy';
import { refusal, type TRefusal } from '@lionrock/domain/policy/refusals';
import { productPartOf } from '@lionrock/domain/product/products';
import { paRateFactsInForce } from '@lionrock/domain/rating/from-price';
import type { TPremiumItem } from '@lionrock/domain/rating/premium-item';
import { homeRateFacts, type TRateFacts } from '@lionrock/domain/rating/rate-facts';
import type { TApplicant, TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { ApiError, badRequest, type TApiErrorBody } from '../../lib/api-error.ts';
import type { TSystemService } from '../system/system-service.ts';
import type { TPolicyRepository, TPolicyRow, TPolicyStatus } from './policy-repository.ts';
import type { TPricing } from './pricing.ts';

/**
 * The rating calls (travel-flow section 7, design section 5, decision 008), one path for every product:
 * - `multirate`: every plan; anonymous and stateless, it stores nothing (the hot call of the landing);
 * - `rateTopup`: every plan's Plus variant (travel), stateless too;
 * - `rate`: the chosen plan, stored as a quoted policy owned by the caller's Session-Name.
 * Whatever the client sends, the server validates the policy with the domain's rules and prices it
 * from its own tables; a shown price that differs on `rate` is a 409 carrying the current price.
 */
export type TRatingCall = 'multirate' | 'rate' | 'rateTopup';

/** A 409 whose body also carries the re-rated policy, so the page can show the price it would charge. */
export class PriceChangedError extends ApiError {
  readonly policy: TPolicy;
  constructor(field: string, policy: TPolicy) {
    super(409, 'The price has changed since it was shown. Please check the new price before you go on.', {
      field,
      messageKey: MESSAGE_KEYS.priceChanged,
    });
    this.policy = policy;
  }
  override toBody(): TApiErrorBody & { policy: TPolicy } {
    return { ...super.toBody(), policy: this.policy };
  }
}

/** Someone has entered the policyholder's details: the applicant page's rules apply from then on (decision 008). */
function hasApplicantDetails(applicant: TApplicant | undefined): boolean {
  if (!applicant) return false;
  return [applicant.fullName, applicant.hkId, applicant.uen, applicant.email, applicant.mobileNo].some(
    (value) => value.trim() !== '',
  );
}

function ratingStage(policy: TPolicy): TStage {
  return hasApplicantDetails(policyApplicant(policy)) ? 'apply' : 'quote';
}

/**
 * The numbers, links and payment facts only the server gives a policy (design section 5: what the
 * client sends is never trusted): a policy number or receipt the browser sent is dropped before the
 * policy is rated or stored, so a quoted policy can never carry a number it was not issued.
 */
function withoutServerFields(policy: TPolicy): TPolicy {
  const {
    policyNumber: _policyNumber,
    receiptNumber: _receiptNumber,
    scheduleUrl: _scheduleUrl,
    manageUrl: _manageUrl,
    campaignVoucher: _campaignVoucher,
    payment,
    ...rest
  } = policy;
  const cleaned: TPolicy = { ...rest, paymentSuccess: 'false' };
  if (payment) {
    const {
      receiptNumber: _paymentReceipt,
      auth_code: _authCode,
      paymentToken: _paymentToken,
      ...paymentRest
    } = payment;
    cleaned.payment = paymentRest;
  }
  return cleaned;
}

/** A policy waiting for (or past) an unanswered payment may be changed again (decision 017). */
function reopens(row: TPolicyRow | undefined): boolean {
  return row?.status === 'pending' || row?.status === 'expired';
}

export function createPolicyService(deps: {
  repository: TPolicyRepository;
  pricing: TPricing;
  system: TSystemService;
  /** An agent's market and whether it still sells (its licence, agentSellsIn); undefined for no such agent. */
  agentLicenceOf: (agentCode: string) => Promise<{ country: string; active: boolean } | undefined>;
  /** The agent's staff code for a market and product, from the server's table; null when it has none. */
  staffCodeOf: (agentCode: string, country: TCountry, productCode: string) => Promise<string | null>;
  /** An accepted underwriting referral the quote names, for its applicant only (decision 089). */
  referrals?: { overrideFor(policy: TPolicy, stage: TStage): Promise<TReferralOverride | null> };
  now: () => Date;
}) {
  const { repository, pricing, system } = deps;

  /**
   * A stored travel policy carries its agent's staff code as the server's table has it (travel-flow
   * sections 3 and 7: policyTravel.staffCode), never a code the browser sent; none without an agent.
   */
  async function withStaffCode(policy: TPolicy): Promise<TPolicy> {
    if (!policy.policyTravel) return policy;
    const agentCode = policy.agentCode?.trim();
    const staffCode = agentCode
      ? await deps.staffCodeOf(agentCode, policy.country, policy.productType)
      : null;
    const { staffCode: _sent, ...travel } = policy.policyTravel;
    return { ...policy, policyTravel: staffCode ? { ...travel, staffCode } : travel };
  }

  /**
   * The policy as the client sent it, less what only the server gives, and less an agent who may not
   * sell it (issue 28): a sale credited to an agent must be one the agent is registered to make, so
   * another market's agent, a former one or a made-up code is dropped and the sale is the shop's own.
   * The landing already says such a partner link is not valid (agent-service getAgent).
   */
  async function fromClient(sent: TPolicy): Promise<TPolicy> {
    const policy = withoutServerFields(sent);
    const agentCode = policy.agentCode?.trim();
    if (!agentCode || agentSellsIn(await deps.agentLicenceOf(agentCode), policy.country)) return policy;
    const { agentCode: _agent, subAgentId: _subAgent, ...direct } = policy;
    const travel = direct.policyTravel;
    if (travel?.accountNumber?.trim() === agentCode) {
      const { accountNumber: _account, ...rest } = travel;
      return { ...direct, policyTravel: rest };
    }
    return direct;
  }

  /** The stored policy a call names, if it names one; refused unless it is the caller's. */
  async function ownedPolicy(policy: TPolicy, sessionName: string): Promise<TPolicyRow | undefined> {
    if (!policy.policyId) return undefined;
    const row = await repository.findPolicy(policy.policyId);
    if (!row) throw new ApiError(404, 'There is no policy with this id.', { field: 'policyId' });
    if (row.sessionName !== sessionName)
      throw new ApiError(403, 'This policy belongs to another session.', { field: 'policyId' });
    return row;
  }

  /** Flags, rules, blacklist, discounts and rating, in the order a customer would be told about them. */
  async function rateOrRefuse(
    call: TRatingCall,
    policy: TPolicy,
    stage: TStage = ratingStage(policy),
  ): Promise<
    { rated: TRated; campaignId: number | null; promoCode: string | null; policy: TPolicy } | TRefusal
  > {
    const country = policy.country;
    if (!(await system.isSystemAvailable(country))) return refusal('SYSTEM_UNAVAILABLE');
    if (await system.isPrivateModeOn(country)) return refusal('PRIVATE_MODE');
    const today = todayIn(MARKETS[country].timeZone, deps.now());
    const [invalid, ...others] = listPolicyErrors(policy, stage, today);
    if (invalid) {
      throw new ApiError(400, `${invalid.field} is not valid (${invalid.messageKey}).`, {
        field: invalid.field,
        messageKey: invalid.messageKey,
        errors: [invalid, ...others],
      });
    }
    if (await pricing.isBlacklisted(policyIdNumbers(policy))) return refusal('BLACKLISTED');
    const priced = await pricing.discounts(policy, { today, promoRequiredNow: call === 'rate' });
    if ('refused' in priced) return priced;
    // The answer names the campaign the price is under: a promo code's own, whatever was sent (decision 038).
    const campaigned: TPolicy = priced.campaign
      ? { ...policy, campaign: { ...policy.campaign, ...priced.campaign } }
      : policy;
    // The campaign's voucher rides on the answer and the stored policy, as the server knows it.
    const named: TPolicy = priced.voucher ? { ...campaigned, campaignVoucher: priced.voucher } : campaigned;
    // The tables in force on the day the cover starts (decision 085): a version uploaded to take effect
    // later prices the policies that start from then, whenever they are quoted.
    const tables = await pricing.tables(ratingDateOf(policy) ?? today);
    if (!tables) return refusal('NOT_RATABLE');
    // Only a quote that names a referral is looked up; the override is for that referral's applicant.
    const referral =
      policy.policyPAN?.referralId && deps.referrals ? await deps.referrals.overrideFor(policy, stage) : null;
    const rated = ratePolicy(
      policy,
      {
        tables,
        seniorLoadingOn: await system.isSeniorLoadingOn(country),
        discounts: priced.discounts,
        referral,
      },
      call === 'rateTopup' ? 'topUps' : 'plans',
    );
    if ('refused' in rated) return rated;
    return { rated, campaignId: priced.campaignId, promoCode: priced.promoCode, policy: named };
  }

  function columnsOf(
    policy: TPolicy,
    outcome: { rated: TRated; selected: TPremiumItem },
    campaign: {
      campaignId: number | null;
      promoCode: string | null;
    },
  ) {
    return {
      productType: policy.productType,
      country: policy.country,
      planCode: outcome.selected.planCode,
      currency: MARKETS[policy.country].currency,
      premiumCents: outcome.selected.premium,
      taxCents: outcome.selected.gst + outcome.selected.levy,
      totalCents: outcome.selected.totalPremium,
      agentCode: policy.agentCode || null,
      campaignId: campaign.campaignId,
      promoCode: campaign.promoCode,
      startDate: formatIso(outcome.rated.startDate),
      endDate: formatIso(outcome.rated.endDate),
      consents: policy.consents ?? null,
      rateVersion: outcome.rated.rateVersion,
    };
  }

  async function storeDeclined(
    policy: TPolicy,
    existing: TPolicyRow | undefined,
    sessionName: string,
    refused: TRefusal,
  ) {
    const policyId = existing?.policyId ?? randomUUID();
    const answer = { ...withRefusal(policy, refused), policyId, status: 'declined' as const };
    const saved = await repository.savePolicy({
      policyId,
      isNew: !existing,
      expectedStatus: (existing?.status as TPolicyStatus | undefined) ?? 'quoted',
      reopen: reopens(existing),
      sessionName,
      status: 'declined',
      columns: {
        productType: policy.productType,
        country: policy.country,
        currency: MARKETS[policy.country].currency,
        agentCode: policy.agentCode || null,
      },
      document: answer,
      event: {
        fromStatus: (existing?.status as TPolicyStatus | undefined) ?? null,
        detail: { reason: refused.refused },
      },
    });
    if (saved !== true)
      throw new ApiError(409, 'This policy has changed meanwhile. Please reload it.', { field: 'policyId' });
    return answer;
  }

  /**
   * The chosen plan of `policy` priced by the server: the answer to store and its indexed columns.
   * A shown total that differs from the server's is a 409 carrying the current price.
   */
  function priceSelected(
    policy: TPolicy,
    outcome: { rated: TRated; campaignId: number | null; promoCode: string | null },
    policyId: string,
  ) {
    const selected = findSelectedItem(policy, outcome.rated.items);
    if (!selected) {
      const field = selectedPlanField(policy);
      throw badRequest(field, `${field}: choose one of the quoted plans.`, MESSAGE_KEYS.selectValue);
    }
    const answer: TPolicy = {
      ...withRating(policy, outcome.rated, { mode: 'plans', selected }),
      policyId,
    };
    const shown = shownTotalCents(policy);
    if (shown !== undefined && shown !== selected.totalPremium) {
      throw new PriceChangedError(`${productPartOf(policy.productType)}.policyPremium.totalPremium`, {
        ...answer,
        status: 'quoted',
      });
    }
    return { answer, selected, columns: columnsOf(policy, { rated: outcome.rated, selected }, outcome) };
  }

  return {
    /**
     * For the payment calls (design section 6, decision 010): the caller's stored policy, re-validated with the applicant
     * page's rules and re-rated from the server's tables. Refusals come back as the answer to send.
     */
    async priceForPayment(
      sent: TPolicy,
      sessionName: string,
    ): Promise<
      | { refused: TPolicy }
      | {
          existing: TPolicyRow;
          answer: TPolicy;
          selected: TPremiumItem;
          columns: ReturnType<typeof columnsOf>;
        }
    > {
      const policy = await fromClient(sent);
      if (!policy.policyId)
        throw badRequest('policyId', 'Rate the policy before paying: it has no policyId yet.');
      const existing = (await ownedPolicy(policy, sessionName))!;
      if (existing.status === 'issued')
        throw new ApiError(409, 'This policy is already paid and issued.', {
          field: 'policyId',
          messageKey: MESSAGE_KEYS.paymentAlreadyMade,
        });
      if (existing.status === 'declined')
        throw new ApiError(409, 'This policy was declined and cannot be paid.', { field: 'policyId' });
      const outcome = await rateOrRefuse('rate', policy, 'apply');
      if ('refused' in outcome) return { refused: withRefusal(policy, outcome) };
      const priced = priceSelected(outcome.policy, outcome, existing.policyId);
      return { existing, ...priced, answer: await withStaffCode(priced.answer) };
    },

    /**
     * The server's total in cents for the policy's chosen plan, as `rate` would price it, storing
     * nothing; null when it is refused or names no plan the tables price. A bad field is still a 400.
     */
    async selectedTotalCents(sent: TPolicy): Promise<number | null> {
      const outcome = await rateOrRefuse('rate', await fromClient(sent));
      if ('refused' in outcome) return null;
      return findSelectedItem(outcome.policy, outcome.rated.items)?.totalPremium ?? null;
    },

    async rate(call: TRatingCall, sent: TPolicy, sessionName: string): Promise<TPolicy> {
      const policy = await fromClient(sent);
      const existing = await ownedPolicy(policy, sessionName);
      // A customer back from the payment page (a declined card, an abandoned QR) may change the
      // application: the unanswered attempts are voided when the new quote is stored.
      const reopen = reopens(existing);
      if (existing && existing.status !== 'quoted' && !reopen) {
        throw new ApiError(409, `This policy is ${existing.status} and can no longer be re-quoted.`, {
          field: 'policyId',
        });
      }
      const outcome = await rateOrRefuse(call, policy);
      if ('refused' in outcome) {
        // A declined applicant is recorded as such; the other refusals are about the shop, not the policy.
        if (call === 'rate' && outcome.refused === 'BLACKLISTED')
          return storeDeclined(policy, existing, sessionName, outcome);
        return withRefusal(policy, outcome);
      }
      if (call !== 'rate')
        return withRating(outcome.policy, outcome.rated, { mode: call === 'rateTopup' ? 'topUps' : 'plans' });

      const policyId = existing?.policyId ?? randomUUID();
      const priced = priceSelected(outcome.policy, outcome, policyId);
      const answer: TPolicy = await withStaffCode({ ...priced.answer, status: 'quoted' });
      const selected = priced.selected;
      const fromStatus = (existing?.status as TPolicyStatus | undefined) ?? null;
      const saved = await repository.savePolicy({
        policyId,
        isNew: !existing,
        expectedStatus: fromStatus ?? 'quoted',
        reopen,
        sessionName,
        status: 'quoted',
        columns: priced.columns,
        document: answer,
        event: {
          fromStatus,
          detail: { call, planCode: selected.planCode, totalCents: selected.totalPremium },
        },
      });
      if (saved === 'settling')
        throw new ApiError(409, 'A payment for this policy is being settled: it can no longer be changed.', {
          field: 'policyId',
          messageKey: MESSAGE_KEYS.paymentAlreadyMade,
        });
      if (!saved)
        throw new ApiError(409, 'This policy has changed meanwhile. Please reload it.', {
          field: 'policyId',
        });
      return answer;
    },

    /**
     * A home endorsement's two homes rated alike (decision 138): the policy as sold and as `altered`,
     * with the tables it was priced by (in force on its first day, as they were when it was issued) and
     * no discounts, so the difference is the homes' alone. Null when those tables are gone or a plan
     * is not priced; the endorsement carries the customer's own discount over in proportion
     * (`endorsementQuote`).
     */
    async rateAlteration(
      sold: TPolicy,
      altered: TPolicy,
      issuedAt: Date,
    ): Promise<{ oldRatedCents: number; newRatedCents: number; rateVersion: string } | null> {
      const start = ratingDateOf(sold);
      if (sold.productType !== 'PHM' || !start) return null;
      const tables = await pricing.tables(start, issuedAt);
      if (!tables) return null;
      const context = { tables, seniorLoadingOn: false, discounts: {} };
      const rate = (policy: TPolicy) => {
        const rated = ratePolicy(policy, context, 'plans');
        return 'refused' in rated ? undefined : findSelectedItem(policy, rated.items)?.totalPremium;
      };
      const oldRatedCents = rate(sold);
      const newRatedCents = rate(altered);
      if (!oldRatedCents || newRatedCents === undefined) return null;
      return { oldRatedCents, newRatedCents, rateVersion: tables.home.version };
    },

    /**
     * The figures of a product's rate table the customer's pages state (decision 114), from the table in
     * force on `on` (the day the cover would start; today in the market without it) — the table that
     * day's quotes are priced from, through the same cache. Null when no version is in force then.
     */
    async rateFacts<P extends keyof TRateFacts>(
      product: P,
      country: TCountry,
      on: TLocalDate | undefined,
    ): Promise<TRateFacts[P] | null> {
      const today = todayIn(MARKETS[country].timeZone, deps.now());
      const tables = await pricing.tables(on ?? today);
      if (!tables) return null;
      if (product === 'PHM') return homeRateFacts(tables.home, country) as TRateFacts[P];
      // The landing's "from" price is priced as a visitor of the plain landing is: the market's direct
      // campaign, if one runs today, and nothing else (from-price.ts).
      const visit = { productType: 'PAN', country } as TPolicy;
      const priced = await pricing.discounts(visit, { today, promoRequiredNow: false });
      const discounts = 'refused' in priced ? {} : priced.discounts;
      return paRateFactsInForce(tables.pa, country, discounts) as TRateFacts[P];
    },
  };
}

export type TPolicyService = ReturnType<typeof createPolicyService>;
