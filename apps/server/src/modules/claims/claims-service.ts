import { createHash, createHmac } from 'node:crypto';
import type { TOfficials } from '@lionrock/domain/claims/attended-officials';
import {
  CLAIM_DOCUMENT_MAX_BYTES,
  CLAIM_DOCUMENT_MAX_FILES,
  CLAIM_DRAFT_BYTES_MAX,
  CLAIM_DRAFT_LINK_VALID_DAYS,
  CLAIM_MESSAGE_KEYS,
  CLAIM_OPEN_DRAFTS_PER_POLICY,
  canStartClaimOn,
  claimAnswerProblem,
  claimMessageValues,
  isMaskedValue,
  isSameIncident,
  maskPayout,
  type TClaimProduct,
  type TPayout,
  validateClaimForm,
} from '@lionrock/domain/claims/claim-rules';
import {
  CLAIM_ANSWER_ACTOR,
  CUSTOMER_MAILED_STATUSES,
  canMoveClaim,
  claimDecisionProblem,
  isClaimStatus,
  type TClaimDecision,
  type TClaimStatus,
} from '@lionrock/domain/claims/claim-status';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import { policyholderName } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { detectContent, sanitiseFileName } from '../../storage/file-content.ts';
import { newFileKey, type TFileStore } from '../../storage/file-store.ts';
import type { TAgentRepository } from '../agent/agent-repository.ts';
import type { TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TManageUrl } from '../notifications/mail-senders.ts';
import type { TPolicyRepository, TPolicyRow } from '../policy/policy-repository.ts';
import type { THolderAccess, TPolicyholder } from '../policyholder/holder-access.ts';
import type { TStepUpService } from '../policyholder/step-up-service.ts';
import type { TProductType } from '../product/product-catalogue.ts';
import { composeClaimMail, isClaimMailKind } from './claim-mail.ts';
import type { TClaimDocumentRow, TClaimRow, TClaimsRepository, TMoveExtras } from './claims-repository.ts';
import { type TUploadReservation, uploadRefusal } from './upload-budget.ts';

/** A staff member's move (issue 18): what they gave with it and what else its transaction writes. */
export type TStaffMove = {
  decision: TClaimDecision;
  actor: { id: string | null; label: string };
  alongside: TMoveExtras['alongside'];
};

export const CLAIMS_PREFIX = '/b2c-server/rest/claims';
/** The web page the resume link opens; the token travels in the fragment, never to a server log. */
export const RESUME_PAGE = '/claims/resume';
export const STATUS_PAGE = '/claims/status';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

export type TClaimView = {
  claimId: string;
  claimNumber: string | null;
  status: string;
  policyId: string;
  policyNumber: string;
  productType: string;
  country: string;
  coverStart: string;
  coverEnd: string;
  claimType: string;
  incidentDate: string | null;
  incidentPlace: string;
  description: string;
  officials: TOfficials;
  amountCents: number | null;
  currency: string;
  payout?: TPayout;
  documents: { documentId: string; name: string; contentType: string; sizeBytes: number }[];
};

export type TDraftInput = {
  claimType?: string | undefined;
  incidentDate?: string | undefined;
  incidentPlace?: string | undefined;
  description?: string | undefined;
  officials?: TOfficials | undefined;
  amountCents?: number | null | undefined;
  payout?: TPayout | undefined;
  /** The step-up code a new payout account needs (decision 102). */
  stepUpCode?: string | undefined;
};

export type TUploadPart = { filename: string; toBuffer: () => Promise<Buffer> };

export type TClaimsDeps = {
  db: TDb;
  config: TConfig;
  access: THolderAccess;
  /** The fresh code from the policy's address a payout account needs (decision 102). */
  stepUps: Pick<TStepUpService, 'spend'>;
  repository: TClaimsRepository;
  policies: Pick<TPolicyRepository, 'findPolicy'>;
  agents: Pick<TAgentRepository, 'findAgent'>;
  store: TFileStore;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
  /**
   * The signed, one-use "Manage your policy" link of a mail to the policy's own address (decision 101):
   * a claim mail's status link is that proof, then the claim (issue 29).
   */
  manageUrl?: TManageUrl;
};

/** The claims use cases (issue "After the sale", decisions 073 to 075). */
export function createClaimsService(deps: TClaimsDeps) {
  const { repository, access, store, now } = deps;
  const secret = () => sharedSecret(deps.db, 'link-signing', deps.config.linkSigningSecret);

  /** The resume token: an HMAC of the draft and the moment its link was asked for, so it can be written into the mail when sent. */
  async function resumeToken(claimId: string, issuedAt: Date): Promise<string> {
    return createHmac('sha256', await secret())
      .update(`claim-draft|${claimId}|${issuedAt.getTime()}`)
      .digest('base64url');
  }

  async function policyOf(claim: TClaimRow) {
    const policy = await deps.policies.findPolicy(claim.policyId);
    if (!policy?.policyNumber) throw new ApiError(404, 'No such claim.', { field: 'claimId' });
    return policy;
  }

  async function view(claim: TClaimRow): Promise<TClaimView> {
    const policy = await policyOf(claim);
    const documents = await repository.documentsOf(claim.claimId);
    return {
      claimId: claim.claimId,
      claimNumber: claim.claimNumber,
      status: claim.status,
      policyId: claim.policyId,
      policyNumber: policy.policyNumber!,
      productType: claim.productType,
      country: claim.country,
      coverStart: String(policy.startDate),
      coverEnd: String(policy.endDate),
      claimType: claim.claimType,
      incidentDate: claim.incidentDate,
      incidentPlace: claim.incidentPlace,
      description: claim.description,
      officials: claim.officials as TOfficials,
      amountCents: claim.amountCents,
      currency: claim.currency,
      // Saved account details are answered masked: the last four only (issue "After the sale").
      ...(claim.payout ? { payout: maskPayout(claim.payout as TPayout) } : {}),
      documents: documents.map(documentView),
    };
  }

  const documentView = (row: TClaimDocumentRow) => ({
    documentId: row.documentId,
    name: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
  });

  /**
   * The draft a signed-in holder may work on: one on a policy the session reaches now (decision 101).
   * Someone else's claim is a 404 like one that does not exist.
   */
  async function draftFor(
    holder: TPolicyholder,
    claimId: string,
    options: { allowSubmitted?: boolean } = {},
  ): Promise<{ claim: TClaimRow; policy: TPolicyRow }> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const claim = UUID.test(claimId) ? await repository.findClaim(claimId) : undefined;
    const policy = claim
      ? await access.policyOfHolder(holder, claim.policyId).catch(() => undefined)
      : undefined;
    if (!claim || !policy) throw new ApiError(404, 'No such claim.', { field: 'claimId' });
    if (claim.status !== 'draft' && !options.allowSubmitted)
      throw new ApiError(409, 'This claim has been submitted already.', { field: 'claimId' });
    return { claim, policy };
  }

  /** A cancelled policy takes no new claim (issue 29): 409 naming the policy. */
  function refuseCancelled(policy: Pick<TPolicyRow, 'status'>) {
    if (!canStartClaimOn(policy.status))
      throw new ApiError(409, 'This policy has been cancelled: a new claim cannot be made online.', {
        field: 'policyId',
        messageKey: CLAIM_MESSAGE_KEYS.policyCancelled,
      });
  }

  /**
   * A claim mail's status link (issue 29): to the policy's own address, the signed one-use link that
   * proves the mailbox (decision 101) and then opens this claim; otherwise the status page, which asks
   * for the sign-in first. The claim number alone opens nothing.
   */
  async function statusLink(claim: TClaimRow, policy: TPolicyRow, mail: TMailRow): Promise<string> {
    const claimQuery = claim.claimNumber ? `claim=${encodeURIComponent(claim.claimNumber)}` : '';
    const signed = await deps.manageUrl?.(policy, mail.recipient, mail.language);
    if (signed) return claimQuery ? `${signed}&${claimQuery}` : signed;
    // The page opens in the mail's market and language, as every mailed link does.
    const page = `country=${claim.country === 'HKG' ? 'HKG' : 'SGP'}&lang=${mail.language === 'zh' ? 'zh' : 'en'}`;
    const query = [claimQuery, page].filter(Boolean).join('&');
    return `${deps.config.publicUrl}${STATUS_PAGE}?${query}`;
  }

  /** A submitted claim on a policy the session reaches, by its number; anything else is the one 404. */
  async function submittedFor(holder: TPolicyholder, claimNumber: string) {
    const claim = await repository.findByNumber(claimNumber.trim().toUpperCase());
    const reached = claim
      ? await access.policyOfHolder(holder, claim.policyId).catch(() => undefined)
      : undefined;
    if (!claim || !reached || claim.status === 'draft')
      throw new ApiError(404, 'No claim with this number among your policies.', {
        field: 'claimNumber',
        messageKey: 'claims.errors.claimNotFound',
      });
    return claim;
  }

  /** A claim waiting for the customer's answer; any other status is a 409 the page explains. */
  async function waitingFor(holder: TPolicyholder, claimNumber: string) {
    const claim = await submittedFor(holder, claimNumber);
    if (claim.status !== 'moreInformation')
      throw new ApiError(409, 'This claim is not waiting for more information.', {
        field: 'claimNumber',
        messageKey: CLAIM_MESSAGE_KEYS.notWaiting,
      });
    return claim;
  }

  /** When staff last asked for more information (the start of the customer's answer), or null. */
  async function askedAt(claimId: string): Promise<Date | null> {
    const events = await repository.eventsOf(claimId);
    return events.filter((event) => event.toStatus === 'moreInformation').at(-1)?.createdAt ?? null;
  }

  /**
   * Reads each part of an upload: checked by its first bytes and counted against the room the upload
   * reserved; an empty file is refused as empty (issue 29). Whatever it stored is removed on a refusal.
   */
  async function storeParts(
    parts: AsyncIterable<TUploadPart>,
    reservation: TUploadReservation,
    room: number,
    keep: (
      stored: { storeKey: string; contentType: string; sizeBytes: number; originalName: string }[],
    ) => Promise<void>,
  ): Promise<void> {
    const stored: { storeKey: string; contentType: string; sizeBytes: number; originalName: string }[] = [];
    try {
      for await (const part of parts) {
        const name = sanitiseFileName(part.filename);
        if (stored.length + 1 > room)
          throw new ApiError(413, `At most ${CLAIM_DOCUMENT_MAX_FILES} documents per claim.`, {
            field: 'file',
            messageKey: 'claims.errors.tooManyDocuments',
          });
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new ApiError(
              413,
              `"${name}" is larger than ${CLAIM_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
              {
                field: 'file',
                messageKey: 'claims.errors.documentTooLarge',
              },
            );
          throw error;
        }
        reservation.take(bytes.length);
        if (bytes.length === 0)
          throw new ApiError(400, `"${name}" is empty.`, {
            field: 'file',
            messageKey: CLAIM_MESSAGE_KEYS.documentEmpty,
          });
        if (bytes.length > CLAIM_DOCUMENT_MAX_BYTES)
          throw new ApiError(413, `"${name}" is too large.`, {
            field: 'file',
            messageKey: 'claims.errors.documentTooLarge',
          });
        const found = detectContent(bytes.subarray(0, 64));
        if (!found.ok)
          throw new ApiError(415, `"${name}" is not a PDF, JPEG or PNG file.`, {
            field: 'file',
            messageKey: 'claims.errors.documentType',
          });
        const storeKey = newFileKey('claims');
        await store.put(storeKey, bytes, found.contentType);
        stored.push({
          storeKey,
          contentType: found.contentType,
          sizeBytes: bytes.length,
          originalName: name,
        });
      }
      if (stored.length === 0)
        throw new ApiError(400, 'No file was sent.', {
          field: 'file',
          messageKey: 'claims.errors.documentsRequired',
        });
      await keep(stored);
    } catch (error) {
      await Promise.all(stored.map((file) => store.delete(file.storeKey).catch(() => {})));
      throw error;
    }
  }

  return {
    draftFor,
    view,

    /**
     * Starts a draft on one of the holder's policies; an agent named must exist (spec section 6: agent
     * links). A policy with CLAIM_OPEN_DRAFTS_PER_POLICY drafts open already is a 409: the page offers them.
     */
    async startDraft(
      holder: TPolicyholder,
      input: { policyId: string; language: 'en' | 'zh'; agentCode?: string | undefined },
    ): Promise<TClaimView> {
      const policy = await access.policyOfHolder(holder, input.policyId);
      refuseCancelled(policy);
      let agentCode: string | null = null;
      if (input.agentCode) {
        const agent = await deps.agents.findAgent(input.agentCode);
        if (!agent?.active || agent.country !== policy.country)
          throw new ApiError(400, 'This agent link is not valid.', {
            field: 'agentCode',
            messageKey: 'landingInvalidUrlError.message',
          });
        if (!agent.isDefault) agentCode = agent.agentCode;
      }
      // The person's key groups their claims (upload budgets); it reaches nothing.
      const holderKey = await access.holderKeyOf(policy);
      if (!holderKey) throw new ApiError(404, 'No such policy.', { field: 'policyId' });
      const claim = await repository.createDraft(
        {
          policyId: policy.policyId,
          holderKey,
          country: policy.country,
          productType: policy.productType,
          currency: MARKETS[policy.country as TCountry].currency,
          agentCode,
          language: input.language,
        },
        CLAIM_OPEN_DRAFTS_PER_POLICY,
      );
      if ('tooMany' in claim)
        throw new ApiError(
          409,
          `This policy has ${CLAIM_OPEN_DRAFTS_PER_POLICY} unfinished claims: please go on with one of them.`,
          { field: 'policyId', messageKey: CLAIM_MESSAGE_KEYS.tooManyDrafts },
        );
      return view(claim);
    },

    /** The unfinished claims on one of the policies the session reaches, the latest saved first (the page offers them). */
    async openDrafts(holder: TPolicyholder, policyId: string) {
      const policy = await access.policyOfHolder(holder, policyId);
      const holderKey = await access.holderKeyOf(policy);
      const drafts = holderKey ? await repository.openDraftsOf(policy.policyId, holderKey) : [];
      return {
        drafts: drafts.map((draft) => ({ ...draft, updatedAt: draft.updatedAt.toISOString() })),
      };
    },

    /**
     * Saves the fields given. A payout account that differs from the saved one is set only with the
     * step-up code from the policy's address (403 naming `stepUpCode` without it), and not while a change
     * of that address can be undone (409): the payout is where the money goes (decision 102).
     */
    async saveDraft(
      holder: TPolicyholder,
      found: { claim: TClaimRow; policy: TPolicyRow },
      input: TDraftInput,
    ): Promise<TClaimView> {
      const { claim, policy } = found;
      const values: Record<string, unknown> = {};
      if (input.claimType !== undefined) values.claimType = input.claimType;
      if (input.incidentDate !== undefined) values.incidentDate = input.incidentDate || null;
      if (input.incidentPlace !== undefined) values.incidentPlace = input.incidentPlace.trim();
      if (input.description !== undefined) values.description = input.description;
      if (input.officials !== undefined) values.officials = input.officials;
      if (input.amountCents !== undefined) values.amountCents = input.amountCents;
      if (input.payout !== undefined) {
        const saved = claim.payout as TPayout | null;
        const payout = mergePayout(saved, input.payout);
        if (!samePayout(saved, payout)) {
          await deps.stepUps.spend(holder, policy, 'claim-payout', input.stepUpCode);
          values.payout = payout;
        }
      }
      const saved = await repository.saveDraft(claim.claimId, values);
      if (!saved) throw new ApiError(409, 'This claim has been submitted already.', { field: 'claimId' });
      return view(saved);
    },

    /**
     * Stores uploaded files after checking each by its first bytes and counting it against the room the
     * upload reserved of the holder's budget; any refusal removes what this call stored and writes no
     * row (design section 12, decisions 075 and 105).
     */
    async addDocuments(
      claim: TClaimRow,
      parts: AsyncIterable<TUploadPart>,
      reservation: TUploadReservation,
    ): Promise<TClaimView> {
      const existing = (await repository.documentsOf(claim.claimId)).length;
      await storeParts(parts, reservation, CLAIM_DOCUMENT_MAX_FILES - existing, async (stored) => {
        const outcome = await repository.addDocuments(claim, stored, {
          maxFiles: CLAIM_DOCUMENT_MAX_FILES,
          maxDraftBytes: CLAIM_DRAFT_BYTES_MAX,
        });
        if (outcome === 'draftsFull') throw uploadRefusal('drafts');
        if (outcome === 'tooMany')
          throw new ApiError(413, `At most ${CLAIM_DOCUMENT_MAX_FILES} documents per claim.`, {
            field: 'file',
            messageKey: 'claims.errors.tooManyDocuments',
          });
        if (outcome === 'notDraft')
          throw new ApiError(409, 'This claim has been submitted already.', { field: 'claimId' });
      });
      return view(claim);
    },

    /** The submitted claims on one of the holder's policies, with their dates, decisions and amounts (issue 29). */
    async claimsOf(holder: TPolicyholder, policyId: string) {
      const policy = await access.policyOfHolder(holder, policyId);
      const rows = await repository.claimsOfPolicy(policy.policyId);
      return {
        policyId: policy.policyId,
        policyNumber: policy.policyNumber ?? '',
        country: policy.country,
        canClaim: canStartClaimOn(policy.status),
        claims: rows.map((row) => ({
          claimNumber: row.claimNumber ?? '',
          status: row.status,
          claimType: row.claimType,
          incidentDate: row.incidentDate,
          submittedAt: row.submittedAt?.toISOString() ?? null,
          statusAt: row.statusAt?.toISOString() ?? null,
          amountCents: row.amountCents,
          amountApprovedCents: row.amountApprovedCents,
          currency: row.currency,
        })),
      };
    },

    waitingFor,

    /**
     * Documents the customer sends in answer to "more information needed" (issue 29): the same checks
     * as a draft's, at most CLAIM_DOCUMENT_MAX_FILES since the request, only while the claim waits.
     */
    async addAnswerDocuments(
      claim: TClaimRow,
      parts: AsyncIterable<TUploadPart>,
      reservation: TUploadReservation,
    ) {
      const since = (await askedAt(claim.claimId)) ?? new Date(0);
      const added = (await repository.documentsOf(claim.claimId)).filter(
        (row) => row.createdAt > since,
      ).length;
      await storeParts(parts, reservation, CLAIM_DOCUMENT_MAX_FILES - added, async (stored) => {
        const outcome = await repository.addAnswerDocuments(claim.claimId, stored, {
          maxFiles: CLAIM_DOCUMENT_MAX_FILES,
        });
        if (outcome === 'tooMany')
          throw new ApiError(413, `At most ${CLAIM_DOCUMENT_MAX_FILES} documents per answer.`, {
            field: 'file',
            messageKey: 'claims.errors.tooManyDocuments',
          });
        if (outcome === 'notWaiting')
          throw new ApiError(409, 'This claim is not waiting for more information.', {
            field: 'claimNumber',
            messageKey: CLAIM_MESSAGE_KEYS.notWaiting,
          });
      });
    },

    /** Removes a document the customer sent since the request, before the answer goes. */
    async deleteAnswerDocument(holder: TPolicyholder, claimNumber: string, documentId: string) {
      const claim = await waitingFor(holder, claimNumber);
      const since = (await askedAt(claim.claimId)) ?? new Date(0);
      const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const mine = (await repository.documentsOf(claim.claimId)).find(
        (row) => row.documentId === documentId && row.createdAt > since,
      );
      const row =
        mine && UUID.test(documentId)
          ? await repository.deleteDocument(claim.claimId, documentId)
          : undefined;
      if (!row) throw new ApiError(404, 'No such document.', { field: 'documentId' });
      await store.delete(row.storeKey);
    },

    /**
     * The customer's answer (issue 29): what they uploaded since the request and an optional note go to
     * the claims team, and the claim goes back to their queue (more information → under review), the
     * note kept as the policyholder's decision row beside the staff's.
     */
    async answer(holder: TPolicyholder, claimNumber: string, note: string) {
      const claim = await waitingFor(holder, claimNumber);
      const since = (await askedAt(claim.claimId)) ?? new Date(0);
      const added = (await repository.documentsOf(claim.claimId)).filter(
        (row) => row.createdAt > since,
      ).length;
      const problem = claimAnswerProblem(note, added);
      if (problem)
        throw new ApiError(400, 'Send a document or a note with your answer.', {
          field: problem === CLAIM_MESSAGE_KEYS.tooLong ? 'answerNote' : 'file',
          messageKey: problem,
          values: claimMessageValues('answerNote', claim.country as TCountry),
        });
      const moved = await repository.moveStatus(claim.claimId, 'moreInformation', 'underReview', {
        decision: {
          note: note.trim() || null,
          amountApprovedCents: null,
          payoutReference: null,
          actorId: null,
          actor: CLAIM_ANSWER_ACTOR,
        },
        mail: () => null,
        alongside: async () => {},
      });
      if (!moved)
        throw new ApiError(409, 'This claim is not waiting for more information.', {
          field: 'claimNumber',
          messageKey: CLAIM_MESSAGE_KEYS.notWaiting,
        });
      return { claimNumber: moved.claimNumber!, status: moved.status };
    },

    async deleteDocument(claim: TClaimRow, documentId: string): Promise<TClaimView> {
      const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const row = UUID.test(documentId)
        ? await repository.deleteDocument(claim.claimId, documentId)
        : undefined;
      if (!row) throw new ApiError(404, 'No such document.', { field: 'documentId' });
      await store.delete(row.storeKey);
      return view(claim);
    },

    /**
     * Submits: every rule of the form checked by the domain, a number from the market's sequence, the
     * acknowledgement queued. Not on a cancelled policy; a claim like one already made on the policy (the
     * same incident date and type) waits for the customer's `confirmDuplicate` (409 naming that claim).
     */
    async submit(
      claim: TClaimRow,
      options: { confirmDuplicate?: boolean | undefined } = {},
    ): Promise<{ claimNumber: string; status: string }> {
      const policy = await policyOf(claim);
      if (claim.status === 'draft') {
        refuseCancelled(policy);
        const twin = options.confirmDuplicate
          ? undefined
          : (await repository.claimsOfPolicy(claim.policyId)).find(
              // Not this claim itself: a second press read it as a draft before the first one landed.
              (made) => made.claimId !== claim.claimId && isSameIncident(made, claim),
            );
        if (twin)
          throw new ApiError(409, `This looks like claim ${twin.claimNumber}, made already.`, {
            field: 'duplicate',
            messageKey: CLAIM_MESSAGE_KEYS.duplicate,
            values: { claimNumber: twin.claimNumber ?? '' },
          });
      }
      const document = policy.document as TPolicy;
      const email = policyApplicant(document)?.email;
      const country = claim.country as TCountry;
      const today = todayIn(MARKETS[country].timeZone, now());
      const outcome = await repository.submit(claim.claimId, (locked, documentCount) => {
        const errors = validateClaimForm(
          {
            claimType: locked.claimType,
            incidentDate: locked.incidentDate ?? '',
            incidentPlace: locked.incidentPlace,
            description: locked.description,
            officials: locked.officials as TOfficials,
            amountCents: locked.amountCents,
            payout: locked.payout as TPayout | null,
          },
          {
            product: locked.productType as TClaimProduct,
            country,
            today,
            coverStart: String(policy.startDate),
            coverEnd: String(policy.endDate),
          },
          documentCount,
        );
        if (Object.keys(errors).length > 0) return { refused: errors };
        return {
          year: today.year,
          mail: (claimNumber) =>
            email
              ? {
                  kind: 'claim-received',
                  recipient: email,
                  language: locked.language,
                  messageId: `${claimNumber}.claim-received`,
                  policyId: locked.policyId,
                }
              : null,
        };
      });
      if (!outcome) throw new ApiError(404, 'No such claim.', { field: 'claimId' });
      if ('refused' in outcome) {
        const [field, messageKey] = Object.entries(outcome.refused)[0]!;
        throw new ApiError(400, 'The claim is not complete.', {
          field,
          messageKey,
          values: claimMessageValues(field, country),
        });
      }
      if (!outcome.already) {
        deps.onMailQueued();
        deps.log.info({ claimNumber: outcome.claim.claimNumber }, 'claim submitted');
      }
      return { claimNumber: outcome.claim.claimNumber!, status: outcome.claim.status };
    },

    /** "Save and finish later": a new link (7 days) replaces any earlier one, e-mailed to the policy's address. */
    async finishLater(claim: TClaimRow): Promise<{ sentTo: string }> {
      const policy = await policyOf(claim);
      const email = policyApplicant(policy.document as TPolicy)?.email;
      if (!email)
        throw new ApiError(409, 'This policy has no e-mail address to send the link to.', { field: 'email' });
      const issuedAt = now();
      const token = await resumeToken(claim.claimId, issuedAt);
      await repository.saveResumeLink(
        claim.claimId,
        {
          tokenHash: sha256(token),
          issuedAt,
          expiresAt: new Date(issuedAt.getTime() + CLAIM_DRAFT_LINK_VALID_DAYS * 86_400_000),
          // The address it is mailed to: a link for an address the policy no longer has opens nothing.
          contactEmail: policy.contactEmail,
          usedAt: null,
        },
        {
          kind: 'claim-resume',
          recipient: email,
          language: claim.language,
          messageId: `${claim.claimId}.claim-resume.${issuedAt.getTime()}`,
          policyId: claim.policyId,
        },
      );
      deps.onMailQueued();
      // One mask for an address everywhere (the domain's): W***@E***.COM.
      return { sentTo: maskEmail(email) };
    },

    /**
     * Opens the draft a resume link names (decisions 074 and 101): once, within its days, and only while
     * the policy's address is the one the link was mailed to. It proves that mailbox in the session, so
     * the draft (and every policy at that address) opens the way a code would.
     */
    async resume(request: FastifyRequest, reply: FastifyReply, token: string): Promise<TClaimView> {
      const refuse = (messageKey: string, message: string) =>
        new ApiError(404, message, { field: 'token', messageKey });
      const link = token.length <= 100 ? await repository.draftLinkByTokenHash(sha256(token)) : undefined;
      const claim = link ? await repository.findClaim(link.claimId) : undefined;
      const policy = claim ? await deps.policies.findPolicy(claim.policyId) : undefined;
      if (!link || !claim || !policy?.contactEmail || link.contactEmail !== policy.contactEmail)
        throw refuse('claims.errors.linkInvalid', 'This link is not valid.');
      if (link.usedAt) throw refuse('claims.errors.linkUsed', 'This link has been used already.');
      if (link.expiresAt <= now() || claim.status !== 'draft')
        throw refuse('claims.errors.linkExpired', 'This link has expired.');
      if (!(await repository.useDraftLink(link.claimId, link.tokenHash, now())))
        throw refuse('claims.errors.linkUsed', 'This link has been used already.');
      await access.proveAddress(request, reply, policy.country as TCountry, policy.contactEmail);
      return view(claim);
    },

    /**
     * A submitted claim's status and history for its holder; another holder's claim is a 404. While it
     * waits for more information, what staff asked for and what the customer has sent since (issue 29).
     */
    async statusFor(holder: TPolicyholder, claimNumber: string) {
      const claim = await submittedFor(holder, claimNumber);
      const policy = await policyOf(claim);
      const events = await repository.eventsOf(claim.claimId);
      const decisions = await repository.decisionsOf(claim.claimId);
      const documents = await repository.documentsOf(claim.claimId);
      const asked = events.filter((event) => event.toStatus === 'moreInformation').at(-1)?.createdAt ?? null;
      const request =
        claim.status === 'moreInformation'
          ? (decisions.filter((row) => row.toStatus === 'moreInformation').at(-1)?.note ?? '')
          : null;
      return {
        claimNumber: claim.claimNumber!,
        status: claim.status,
        policyId: claim.policyId,
        policyNumber: policy.policyNumber!,
        productType: claim.productType,
        country: claim.country,
        claimType: claim.claimType,
        incidentDate: claim.incidentDate,
        amountCents: claim.amountCents,
        amountApprovedCents:
          decisions.filter((row) => row.toStatus === 'approved').at(-1)?.amountApprovedCents ?? null,
        currency: claim.currency,
        submittedAt: claim.submittedAt?.toISOString() ?? null,
        events: events.map((event) => ({ status: event.toStatus, at: event.createdAt.toISOString() })),
        request,
        documents: documents.map((row) => ({
          ...documentView(row),
          // Sent in answer to the request now open: the customer may still remove it.
          answering: request !== null && asked !== null && row.createdAt > asked,
        })),
      };
    },

    /**
     * The one way a claim's status changes: only the domain's transitions. A staff move (issue 18,
     * decision 081) also carries its decision (amount approved, note, payout reference), e-mails the
     * customer the moves they see, and writes its audit row in the same transaction.
     */
    async moveStatus(claimId: string, to: TClaimStatus, staff?: TStaffMove) {
      const claim = await repository.findClaim(claimId);
      if (!claim || !isClaimStatus(claim.status) || !canMoveClaim(claim.status, to))
        throw new ApiError(
          409,
          claim
            ? `A claim cannot move from ${claim.status} to ${to}.`
            : `There is no submitted claim to move to ${to}.`,
          { field: 'status' },
        );
      let extras: TMoveExtras | undefined;
      if (staff) {
        const problem = claimDecisionProblem(to, staff.decision, claim.amountCents);
        if (problem) throw new ApiError(400, problem.message, { field: problem.field });
        const policy = await policyOf(claim);
        const email = policyApplicant(policy.document as TPolicy)?.email;
        const kind = `claim-${to === 'moreInformation' ? 'more-information' : to}`;
        extras = {
          decision: {
            note: staff.decision.note?.trim() || null,
            amountApprovedCents: staff.decision.amountApprovedCents ?? null,
            payoutReference: staff.decision.payoutReference?.trim() || null,
            actorId: staff.actor.id,
            actor: staff.actor.label,
          },
          mail: (decisionId) =>
            email && CUSTOMER_MAILED_STATUSES.includes(to)
              ? {
                  kind,
                  recipient: email,
                  language: claim.language,
                  messageId: `${claim.claimNumber}.${kind}.${decisionId}`,
                  policyId: claim.policyId,
                }
              : null,
          alongside: staff.alongside,
        };
      }
      const moved = await repository.moveStatus(claimId, claim.status, to, extras);
      if (!moved) throw new ApiError(409, 'The claim changed meanwhile.', { field: 'status' });
      if (extras) deps.onMailQueued();
      return moved;
    },

    /** A claim's document and its bytes from the file store (the staff download, issue 18); 404 if either is missing. */
    async documentFile(claimId: string, documentId: string) {
      const row = (await repository.documentsOf(claimId)).find((doc) => doc.documentId === documentId);
      const bytes = row ? await store.get(row.storeKey) : null;
      if (!row || !bytes) throw new ApiError(404, 'No such document.', { field: 'documentId' });
      return { name: row.originalName, contentType: row.contentType, bytes };
    },

    /** The content of a claims e-mail of the outbox, worked out when it is sent; null: nothing to send any more. */
    async mailContent(mail: TMailRow) {
      if (!isClaimMailKind(mail.kind) || !mail.claimId)
        throw new Error(`mail ${mail.id} is not a claims mail`);
      const claim = await repository.findClaim(mail.claimId);
      if (!claim) throw new Error(`mail ${mail.id}: no claim`);
      const policy = await policyOf(claim);
      let url = await statusLink(claim, policy, mail);
      if (mail.kind === 'claim-resume') {
        const link = await repository.draftLinkOf(claim.claimId);
        // Submitted (or asked again) since: the newer mail carries the live link.
        if (!link || claim.status !== 'draft' || !mail.messageId.endsWith(`.${link.issuedAt.getTime()}`))
          return null;
        url = `${deps.config.publicUrl}${RESUME_PAGE}#${await resumeToken(claim.claimId, link.issuedAt)}`;
      }
      let decided: {
        note?: string | null;
        amountApprovedCents?: number | null;
        payoutReference?: string | null;
      } = {};
      if (mail.kind !== 'claim-received' && mail.kind !== 'claim-resume') {
        const decisions = await repository.decisionsOf(claim.claimId);
        const decisionId = Number(mail.messageId.split('.').at(-1));
        const decision = decisions.find((row) => row.id === decisionId);
        const approval = decisions.filter((row) => row.toStatus === 'approved').at(-1);
        decided = {
          note: decision?.note ?? null,
          amountApprovedCents: approval?.amountApprovedCents ?? null,
          payoutReference: decision?.payoutReference ?? null,
        };
      }
      return composeClaimMail(mail.kind, mail.language === 'zh' ? 'zh' : 'en', {
        country: claim.country as TCountry,
        productType: claim.productType as TProductType,
        policyNumber: policy.policyNumber!,
        claimNumber: claim.claimNumber ?? '',
        amountCents: claim.amountCents,
        ...decided,
        url,
        holderName: policyholderName(policy.document as TPolicy),
      });
    },
  };
}

export type TClaimsService = ReturnType<typeof createClaimsService>;

/** Whether two payouts send the money to the same place (what a step-up guards). */
function samePayout(a: TPayout | null, b: TPayout): boolean {
  if (!a || a.method !== b.method) return false;
  if (a.method === 'paynow' && b.method === 'paynow')
    return a.proxyType === b.proxyType && a.proxy === b.proxy;
  if (a.method === 'bank' && b.method === 'bank')
    return a.bankName === b.bankName && a.accountNumber === b.accountNumber;
  return false;
}

/** A payout sent back with its masked value unchanged keeps the saved details. */
function mergePayout(saved: TPayout | null, sent: TPayout): TPayout {
  if (!saved || saved.method !== sent.method) return sent;
  if (sent.method === 'paynow' && saved.method === 'paynow' && isMaskedValue(sent.proxy))
    return { ...sent, proxy: saved.proxy };
  if (sent.method === 'bank' && saved.method === 'bank' && isMaskedValue(sent.accountNumber))
    return { ...sent, accountNumber: saved.accountNumber };
  return sent;
}
