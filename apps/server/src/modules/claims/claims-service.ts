import { createHash, createHmac } from 'node:crypto';
import type { TOfficials } from '@lionrock/domain/claims/attended-officials';
import {
  CLAIM_DOCUMENT_MAX_BYTES,
  CLAIM_DOCUMENT_MAX_FILES,
  CLAIM_DRAFT_LINK_VALID_DAYS,
  isMaskedValue,
  maskPayout,
  type TClaimProduct,
  type TPayout,
  validateClaimForm,
} from '@lionrock/domain/claims/claim-rules';
import {
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
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { detectContent, sanitiseFileName } from '../../storage/file-content.ts';
import { newFileKey, type TFileStore } from '../../storage/file-store.ts';
import type { TAgentRepository } from '../agent/agent-repository.ts';
import type { TMailRow } from '../issuance/mail-outbox-repository.ts';
import type { TPolicyRepository } from '../policy/policy-repository.ts';
import type { THolderAccess, TPolicyholder } from '../policyholder/holder-access.ts';
import type { TProductType } from '../product/product-catalogue.ts';
import { composeClaimMail, isClaimMailKind } from './claim-mail.ts';
import type { TClaimDocumentRow, TClaimRow, TClaimsRepository, TMoveExtras } from './claims-repository.ts';

/** A staff member's move (issue 18): what they gave with it and what else its transaction writes. */
export type TStaffMove = {
  decision: TClaimDecision;
  actor: { id: string | null; label: string };
  alongside: TMoveExtras['alongside'];
};

/** The cookie a resume link opens: that one draft only, for the link's life (decision 074). */
export const CLAIM_DRAFT_COOKIE = 'lr_claim_draft';
export const CLAIMS_PREFIX = '/b2c-server/rest/claims';
/** The web page the resume link opens; the token travels in the fragment, never to a server log. */
export const RESUME_PAGE = '/claims/resume';
const STATUS_PAGE = '/claims/status';

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
};

export type TUploadPart = { filename: string; toBuffer: () => Promise<Buffer> };

export type TClaimsDeps = {
  db: TDb;
  config: TConfig;
  access: THolderAccess;
  repository: TClaimsRepository;
  policies: Pick<TPolicyRepository, 'findPolicy'>;
  agents: Pick<TAgentRepository, 'findAgent'>;
  store: TFileStore;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
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
   * The draft a request may work on: the holder's own (session) or the one a resume link opened
   * (draft cookie). No session at all is a 401; someone else's claim a 404 like one that does not exist.
   */
  async function draftFor(
    request: FastifyRequest,
    claimId: string,
    options: { allowSubmitted?: boolean } = {},
  ): Promise<TClaimRow> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const holder = await access.currentHolder(request);
    const draftToken = request.cookies?.[CLAIM_DRAFT_COOKIE];
    const byLink =
      draftToken && draftToken.length <= 100
        ? await repository.draftByTokenHash(sha256(draftToken), now())
        : undefined;
    if (!holder && !byLink)
      throw new ApiError(401, 'Please confirm who you are again: your session has ended.', {
        field: 'session',
      });
    const claim = UUID.test(claimId) ? await repository.findClaim(claimId) : undefined;
    const allowed =
      claim &&
      ((holder && claim.holderKey === holder.holderKey && claim.country === holder.country) ||
        byLink?.claimId === claim.claimId);
    if (!claim || !allowed) throw new ApiError(404, 'No such claim.', { field: 'claimId' });
    if (claim.status !== 'draft' && !options.allowSubmitted)
      throw new ApiError(409, 'This claim has been submitted already.', { field: 'claimId' });
    return claim;
  }

  return {
    draftFor,
    view,

    /** Starts a draft on one of the holder's policies; an agent named must exist (spec section 6: agent links). */
    async startDraft(
      holder: TPolicyholder,
      input: { policyId: string; language: 'en' | 'zh'; agentCode?: string | undefined },
    ): Promise<TClaimView> {
      const policy = await access.policyOfHolder(holder, input.policyId);
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
      const claim = await repository.createDraft({
        policyId: policy.policyId,
        holderKey: holder.holderKey,
        country: policy.country,
        productType: policy.productType,
        currency: MARKETS[policy.country as TCountry].currency,
        agentCode,
        language: input.language,
      });
      return view(claim);
    },

    async saveDraft(claim: TClaimRow, input: TDraftInput): Promise<TClaimView> {
      const values: Record<string, unknown> = {};
      if (input.claimType !== undefined) values.claimType = input.claimType;
      if (input.incidentDate !== undefined) values.incidentDate = input.incidentDate || null;
      if (input.incidentPlace !== undefined) values.incidentPlace = input.incidentPlace.trim();
      if (input.description !== undefined) values.description = input.description;
      if (input.officials !== undefined) values.officials = input.officials;
      if (input.amountCents !== undefined) values.amountCents = input.amountCents;
      if (input.payout !== undefined)
        values.payout = mergePayout(claim.payout as TPayout | null, input.payout);
      const saved = await repository.saveDraft(claim.claimId, values);
      if (!saved) throw new ApiError(409, 'This claim has been submitted already.', { field: 'claimId' });
      return view(saved);
    },

    /**
     * Stores uploaded files after checking each by its first bytes; any refusal removes what this
     * call stored and writes no row (design section 12, decision 075).
     */
    async addDocuments(claim: TClaimRow, parts: AsyncIterable<TUploadPart>): Promise<TClaimView> {
      const stored: { storeKey: string; contentType: string; sizeBytes: number; originalName: string }[] = [];
      const existing = (await repository.documentsOf(claim.claimId)).length;
      try {
        for await (const part of parts) {
          const name = sanitiseFileName(part.filename);
          if (existing + stored.length + 1 > CLAIM_DOCUMENT_MAX_FILES)
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
          if (bytes.length === 0 || bytes.length > CLAIM_DOCUMENT_MAX_BYTES)
            throw new ApiError(bytes.length === 0 ? 415 : 413, `"${name}" is empty or too large.`, {
              field: 'file',
              messageKey:
                bytes.length === 0 ? 'claims.errors.documentType' : 'claims.errors.documentTooLarge',
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
        const outcome = await repository.addDocuments(claim.claimId, stored, CLAIM_DOCUMENT_MAX_FILES);
        if (outcome === 'tooMany')
          throw new ApiError(413, `At most ${CLAIM_DOCUMENT_MAX_FILES} documents per claim.`, {
            field: 'file',
            messageKey: 'claims.errors.tooManyDocuments',
          });
        if (outcome === 'notDraft')
          throw new ApiError(409, 'This claim has been submitted already.', { field: 'claimId' });
      } catch (error) {
        await Promise.all(stored.map((file) => store.delete(file.storeKey).catch(() => {})));
        throw error;
      }
      return view(claim);
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

    /** Submits: every rule of the form checked by the domain, a number from the market's sequence, the acknowledgement queued. */
    async submit(claim: TClaimRow): Promise<{ claimNumber: string; status: string }> {
      const policy = await policyOf(claim);
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
        throw new ApiError(400, 'The claim is not complete.', { field, messageKey });
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
      return { sentTo: maskEmail(email) };
    },

    /** Opens the draft a resume token names (its cookie, for the link's life): that draft only. */
    async resume(token: string, reply: FastifyReply): Promise<TClaimView> {
      const link = token.length <= 100 ? await repository.draftByTokenHash(sha256(token), now()) : undefined;
      const claim = link ? await repository.findClaim(link.claimId) : undefined;
      if (!link || claim?.status !== 'draft')
        throw new ApiError(404, 'This link has expired or is not valid.', {
          field: 'token',
          messageKey: 'claims.errors.linkExpired',
        });
      reply.setCookie(CLAIM_DRAFT_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.config.isProduction || deps.config.publicUrl.startsWith('https:'),
        path: `${CLAIMS_PREFIX}/`,
        expires: link.expiresAt,
      });
      return view(claim);
    },

    /** A submitted claim's status and history for its holder; another holder's claim is a 404. */
    async statusFor(holder: TPolicyholder, claimNumber: string) {
      const claim = await repository.findByNumber(claimNumber.trim().toUpperCase());
      if (!claim || claim.holderKey !== holder.holderKey || claim.country !== holder.country)
        throw new ApiError(404, 'No claim with this number among your policies.', {
          field: 'claimNumber',
          messageKey: 'claims.errors.claimNotFound',
        });
      const policy = await policyOf(claim);
      const events = await repository.eventsOf(claim.claimId);
      return {
        claimNumber: claim.claimNumber!,
        status: claim.status,
        policyNumber: policy.policyNumber!,
        productType: claim.productType,
        claimType: claim.claimType,
        amountCents: claim.amountCents,
        currency: claim.currency,
        submittedAt: claim.submittedAt?.toISOString() ?? null,
        events: events.map((event) => ({ status: event.toStatus, at: event.createdAt.toISOString() })),
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
      let url = `${deps.config.publicUrl}${STATUS_PAGE}`;
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
      });
    },
  };
}

export type TClaimsService = ReturnType<typeof createClaimsService>;

/** A payout sent back with its masked value unchanged keeps the saved details. */
function mergePayout(saved: TPayout | null, sent: TPayout): TPayout {
  if (!saved || saved.method !== sent.method) return sent;
  if (sent.method === 'paynow' && saved.method === 'paynow' && isMaskedValue(sent.proxy))
    return { ...sent, proxy: saved.proxy };
  if (sent.method === 'bank' && saved.method === 'bank' && isMaskedValue(sent.accountNumber))
    return { ...sent, accountNumber: saved.accountNumber };
  return sent;
}

/** j•••@example.com: enough for the customer to know which mailbox to look in. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
