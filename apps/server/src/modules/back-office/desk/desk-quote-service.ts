import { randomUUID } from 'node:crypto';
import { agentSellsIn, notLicensedMessage } from '@lionrock/domain/back-office/agent-licensing';
import type { TDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { validateEmail } from '@lionrock/domain/eligibility/people';
import { MARKETS } from '@lionrock/domain/market/market';
import { validateOccupation } from '@lionrock/domain/pa/occupation';
import { type TPolicy, ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import {
  annualEndDate,
  closeTravellerPicker,
  destinationOf,
  policyTravellerFields,
  validateTravellers,
} from '@lionrock/domain/travel/trip-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { ApiError } from '../../../lib/api-error.ts';
import type { TLimitStore } from '../../../lib/limit-store.ts';
import type { TPolicyService } from '../../policy/policy-service.ts';
import type { TSavedQuoteService } from '../../saved-quote/saved-quote-service.ts';
import type { TActor, TAuditTrail } from '../audit.ts';
import type { TDeskRepository } from './desk-repository.ts';
import { checkOwnSubAgent } from './link-campaign.ts';

/** Quotes an agent may prepare for customers in an hour (decision 087). */
export const DESK_QUOTES_PER_HOUR = 50;

const dmy = (iso: string, field: string) => {
  const date = parseIso(iso);
  if (!date) throw new ApiError(400, 'This is not a date.', { field });
  return date;
};

/** The journey the shop's own quote form would send, built from the agent's choices (no applicant yet). */
function documentOf(body: TDeskQuoteRequest, agentCode: string): TPolicy {
  const common = {
    country: body.market,
    lang: body.language,
    paymentSuccess: 'false',
    agentCode,
    subAgentId: body.subAgentCode || undefined,
    campaign: body.campaignCode ? { campaignCode: body.campaignCode } : null,
  };
  if (body.product === 'travel') {
    const travel = body.travel;
    if (!travel) throw new ApiError(400, 'Give the trip.', { field: 'travel' });
    const departure = dmy(travel.departureDate, 'travel.departureDate');
    const end =
      travel.tripType === 'A' ? annualEndDate(departure) : dmy(travel.returnDate ?? '', 'travel.returnDate');
    const closed = closeTravellerPicker(travel.travellers);
    if (validateTravellers(closed))
      throw new ApiError(400, 'Choose who travels.', {
        field: 'travel.travellers',
        messageKey: MESSAGE_KEYS.travellerRequired,
      });
    const destination = destinationOf(travel.destination);
    return {
      ...common,
      productType: 'PTR',
      policyTravel: {
        deptDate: formatDmy(departure),
        returnDate: formatDmy(end),
        paPolicyType: travel.tripType,
        ...policyTravellerFields(closed),
        journeyCode: destination.journeyCode,
        journey: destination.journey,
        journeyCh: destination.journeyCh,
        premiumItems: [],
        premiumTopUps: [],
        topUpSelected: false,
        selectedTopUp: 'false',
      },
    } as unknown as TPolicy;
  }
  if (body.product === 'home') {
    const home = body.home;
    if (!home) throw new ApiError(400, 'Give the home.', { field: 'home' });
    const { plan: _plan, effectiveDate, ...dwelling } = home;
    return {
      ...common,
      productType: 'PHM',
      policyHome: {
        ...dwelling,
        hdbFlatType: body.market === 'SGP' && home.dwellingType === 'HDB' ? home.hdbFlatType : undefined,
        floorArea: body.market === 'HKG' ? home.floorArea : undefined,
        buildingAge: body.market === 'HKG' ? home.buildingAge : undefined,
        effectiveDate: formatDmy(dmy(effectiveDate, 'home.effectiveDate')),
        premiumItems: [],
      },
    } as unknown as TPolicy;
  }
  const pa = body.pa;
  if (!pa) throw new ApiError(400, 'Give the cover.', { field: 'pa' });
  const occupationError = validateOccupation(pa.occupation);
  if (occupationError)
    throw new ApiError(400, 'Choose an occupation from the list.', {
      field: 'pa.occupation',
      messageKey: occupationError,
    });
  const family = pa.insuredPersonType === 'family';
  return {
    ...common,
    productType: 'PAN',
    policyPAN: {
      insuredPersonType: pa.insuredPersonType,
      family: { numberOfAdults: family ? pa.adults : 1, noOfChildren: family ? pa.children : 0 },
      insured: { adult1: { occupation: pa.occupation, optionalCovers: [] }, children: [] },
      effectiveDate: formatDmy(dmy(pa.effectiveDate, 'pa.effectiveDate')),
      riskStatementDeclared: false,
      ...(pa.residency ? { residency: pa.residency } : {}),
      premiumItems: [],
    },
  } as unknown as TPolicy;
}

function asDeclared(policy: TPolicy, declared: boolean): TPolicy {
  if (!policy.policyPAN) return policy;
  return { ...policy, policyPAN: { ...policy.policyPAN, riskStatementDeclared: declared } } as TPolicy;
}

/** The field a refusal of the rating is about, so the desk can show it next to the right input. */
function refusedField(body: TDeskQuoteRequest, messageKey: string | undefined): string {
  if (messageKey === MESSAGE_KEYS.occupationDeclined) return 'pa.occupation';
  if (messageKey === MESSAGE_KEYS.residencyNotEligible) return 'pa.residency';
  if (messageKey === MESSAGE_KEYS.campaignUnavailable) return 'campaignCode';
  return body.product;
}

/**
 * A quote an agent starts for a customer (issue 18, decision 087): rated as the shop's quote page
 * rates it, then saved as a quote saved for later with the customer's e-mail. The customer gets the
 * usual saved-quote mail; the link (its token) goes only to the customer, never to the desk.
 */
export function createDeskQuoteService(deps: {
  repository: Pick<TDeskRepository, 'findAgentLicence' | 'isOwnActiveSubAgent'>;
  audit: TAuditTrail;
  policies: TPolicyService;
  savedQuotes: TSavedQuoteService;
  limits: TLimitStore;
  now: () => Date;
}) {
  const { repository, audit, now } = deps;

  async function quoteForCustomer(actor: TActor, agentCode: string, body: TDeskQuoteRequest) {
    // An agent quotes its own market's policies only (one rule: agentSellsIn).
    const licence = await repository.findAgentLicence(agentCode);
    if (!agentSellsIn(licence, body.market))
      throw new ApiError(400, notLicensedMessage(licence?.country ?? ''), { field: 'market' });
    const emailError = validateEmail(body.customerEmail);
    if (emailError)
      throw new ApiError(400, 'Please enter a valid e-mail address.', {
        field: 'customerEmail',
        messageKey: emailError,
      });
    const counted = await deps.limits.add(`desk-quote:agent:${agentCode}`, 1, 3_600_000);
    if (counted.count > DESK_QUOTES_PER_HOUR)
      throw new ApiError(429, 'Too many quotes sent this hour. Please wait a little.', {
        field: 'agentCode',
        retryAfterMs: counted.retryAfterMs,
      });
    if (body.subAgentCode) await checkOwnSubAgent(repository, agentCode, body.subAgentCode);
    // Parsed by the shop's own policy schema, as a quote page's call would be.
    const parsed = ZPolicySchema.safeParse(documentOf(body, agentCode));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError(400, issue?.message ?? 'This quote is not valid.', {
        field: issue?.path.join('.') || body.product,
      });
    }
    const document = parsed.data as TPolicy;
    // Each prepared quote is its own journey: a session of its own, so no earlier link is replaced.
    const sessionName = `desk-quote-${randomUUID()}`;
    // The risk statement is the customer's to declare: rated as declared, saved undeclared (decision 087).
    const rated = await deps.policies.rate('multirate', asDeclared(document, true), sessionName);
    if (rated.errorMessage)
      throw new ApiError(400, rated.errorMessage, {
        field: refusedField(body, rated.messageKey),
        ...(rated.messageKey ? { messageKey: rated.messageKey } : {}),
      });
    const part = { travel: rated.policyTravel, pa: rated.policyPAN, home: rated.policyHome }[body.product] as
      | { premiumItems?: Array<{ planCode?: string; totalPremium?: number }> }
      | undefined;
    const plans = part?.premiumItems ?? [];
    const plan = body[body.product]?.plan || undefined;
    if (plan && !plans.some((item) => item.planCode === plan))
      throw new ApiError(400, 'This plan is not offered for these choices.', {
        field: `${body.product}.plan`,
      });
    await deps.savedQuotes.save(
      {
        policy: asDeclared(rated, false),
        step: 'quote',
        email: body.customerEmail,
        language: body.language,
        source: 'agent',
      },
      sessionName,
    );
    const sentTo = maskEmail(body.customerEmail);
    const quote = {
      product: body.product,
      market: body.market,
      language: body.language,
      subAgentCode: body.subAgentCode || null,
      campaignCode: body.campaignCode || null,
      plans: plans.map((item) => ({ planCode: item.planCode ?? '', totalPremium: item.totalPremium ?? 0 })),
    };
    await audit.record({
      at: now(),
      actor,
      action: 'quote-for-customer',
      entity: 'desk-quote',
      entityId: agentCode,
      before: null,
      after: { ...quote, email: body.customerEmail },
    });
    return { sentTo, ...quote, currency: MARKETS[body.market].currency };
  }

  return { quoteForCustomer };
}

export type TDeskQuoteService = ReturnType<typeof createDeskQuoteService>;
