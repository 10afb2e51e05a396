import multipart from '@fastify/multipart';
import { OFFICIAL_DETAILS_MAX_LENGTH, OFFICIAL_TYPES } from '@lionrock/domain/claims/attended-officials';
import {
  CLAIM_AMOUNT_MAX_CENTS,
  CLAIM_DOCUMENT_MAX_BYTES,
  CLAIM_DOCUMENT_MAX_FILES,
  CLAIM_UPLOAD_PART_HEADER_MAX_BYTES,
  DESCRIPTION_MAX_LENGTH,
  PLACE_MAX_LENGTH,
} from '@lionrock/domain/claims/claim-rules';
import { ZStepUpCode } from '@lionrock/domain/self-service/access-schemas';
import { FIELD_LENGTHS } from '@lionrock/domain/validation/field-lengths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors } from '../../lib/openapi.ts';
import type { THolderAccess } from '../policyholder/holder-access.ts';
import { CLAIM_NUMBER_PATTERN } from './claim-number.ts';
import type { TClaimRow } from './claims-repository.ts';
import { CLAIMS_PREFIX, type TClaimsService, type TUploadPart } from './claims-service.ts';
import type { TUploadBudget, TUploadReservation } from './upload-budget.ts';

const ZOfficials = z.object({
  noOne: z.boolean(),
  officials: z.partialRecord(z.enum(OFFICIAL_TYPES), z.string().max(OFFICIAL_DETAILS_MAX_LENGTH)),
});
const ZPayout = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('paynow'),
    proxyType: z.enum(['mobile', 'nric', 'uen']),
    proxy: z.string().max(FIELD_LENGTHS.uen),
  }),
  z.object({
    method: z.literal('bank'),
    bankName: z.string().max(FIELD_LENGTHS.name),
    accountNumber: z.string().max(FIELD_LENGTHS.mobile * 2),
  }),
]);
// An empty date clears it; the full rules run at submit.
const ZIsoDate = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'claims.errors.dateInvalid');

/** What a draft may be saved with: every field optional, each within its length (the full rules run at submit). */
export const ZSaveClaimDraftRequestSchema = z.object({
  claimType: z.string().max(30).optional(),
  incidentDate: ZIsoDate.optional(),
  incidentPlace: z.string().max(PLACE_MAX_LENGTH, 'claims.errors.tooLong').optional(),
  description: z.string().max(DESCRIPTION_MAX_LENGTH, 'claims.errors.tooLong').optional(),
  officials: ZOfficials.optional(),
  amountCents: z
    .number()
    .int()
    .positive()
    .max(CLAIM_AMOUNT_MAX_CENTS, 'claims.errors.amountTooLarge')
    .nullable()
    .optional(),
  payout: ZPayout.optional(),
  stepUpCode: ZStepUpCode,
});

export const ZClaimViewSchema = z.object({
  claimId: z.string(),
  claimNumber: z.string().nullable(),
  status: z.string(),
  policyId: z.string(),
  policyNumber: z.string(),
  productType: z.string(),
  country: z.string(),
  coverStart: z.string(),
  coverEnd: z.string(),
  claimType: z.string(),
  incidentDate: z.string().nullable(),
  incidentPlace: z.string(),
  description: z.string(),
  officials: ZOfficials,
  amountCents: z.number().nullable(),
  currency: z.string(),
  /** Masked: the last four characters only; absent until given. */
  payout: ZPayout.optional(),
  documents: z.array(
    z.object({ documentId: z.string(), name: z.string(), contentType: z.string(), sizeBytes: z.number() }),
  ),
});

const ZClaimParams = z.object({ claimId: z.string().max(64) });
const ZClaimNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CLAIM_NUMBER_PATTERN, 'claims.errors.claimNotFound');
const ZDocumentView = z.object({
  documentId: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
});

/** A submitted claim as its policyholder follows it (issue 29). */
export const ZClaimStatusSchema = z.object({
  claimNumber: z.string(),
  status: z.string(),
  policyId: z.string(),
  policyNumber: z.string(),
  productType: z.string(),
  country: z.string(),
  claimType: z.string(),
  incidentDate: z.string().nullable(),
  amountCents: z.number().nullable(),
  amountApprovedCents: z.number().nullable(),
  currency: z.string(),
  submittedAt: z.string().nullable(),
  events: z.array(z.object({ status: z.string(), at: z.string() })),
  /** While the claim waits for more information: what the claims team asked for. */
  request: z.string().nullable(),
  documents: z.array(ZDocumentView.extend({ answering: z.boolean() })),
});

/** The claims made on one policy, for its page (issue 29). */
export const ZPolicyClaimsSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  country: z.string(),
  /** False on a cancelled policy: no new claim is offered. */
  canClaim: z.boolean(),
  claims: z.array(
    z.object({
      claimNumber: z.string(),
      status: z.string(),
      claimType: z.string(),
      incidentDate: z.string().nullable(),
      submittedAt: z.string().nullable(),
      statusAt: z.string().nullable(),
      amountCents: z.number().nullable(),
      amountApprovedCents: z.number().nullable(),
      currency: z.string(),
    }),
  ),
});
const noStore = 'private, no-store';

/**
 * The claims calls (`/b2c-server/rest/claims/…`): drafts behind the policyholder's session (a resume
 * link opens one, decision 101), uploads, submit, "finish later", resume and the status by number.
 * Multipart is registered in this plugin's scope only, with the document limits (decision 075).
 */
export async function claimsRoutes(
  app: FastifyInstance,
  options: { access: THolderAccess; service: TClaimsService; uploads: TUploadBudget },
): Promise<void> {
  const { access, service, uploads } = options;
  await app.register(multipart, {
    limits: {
      fileSize: CLAIM_DOCUMENT_MAX_BYTES,
      files: CLAIM_DOCUMENT_MAX_FILES,
      fields: 0,
      parts: CLAIM_DOCUMENT_MAX_FILES,
      headerPairs: 20,
      // @fastify/busboy holds each part's headers to this; the plugin's type does not list it.
      ...({ headerSize: CLAIM_UPLOAD_PART_HEADER_MAX_BYTES } as object),
    },
  });
  /** The draft and the reserved room of an upload, settled in its preHandler. */
  const uploading = new WeakMap<FastifyRequest, { claim: TClaimRow; reservation: TUploadReservation }>();
  /** An upload's parts as the service reads them; the multipart reader's own refusals said in the claim's words. */
  const partsOf = (request: FastifyRequest) =>
    async function* (): AsyncIterable<TUploadPart> {
      try {
        for await (const part of request.files())
          yield { filename: part.filename, toBuffer: () => part.toBuffer() };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new ApiError(413, `At most ${CLAIM_DOCUMENT_MAX_FILES} documents per claim.`, {
            field: 'file',
            messageKey: 'claims.errors.tooManyDocuments',
          });
        // Anything else the multipart reader refuses (a body cut short, a broken part header) is the body's fault.
        if (!(error instanceof ApiError))
          throw new ApiError(400, 'The upload could not be read.', { field: 'file' });
        throw error;
      }
    };
  /** Who may upload, and whether the body fits the holder's budget, settled before a byte is read (issue 27). */
  const beforeUpload =
    (find: (request: FastifyRequest) => Promise<TClaimRow>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await access.requireHolder.call(app, request, reply);
        const claim = await find(request);
        if (!request.isMultipart())
          throw new ApiError(415, 'Send the documents as multipart/form-data.', { field: 'file' });
        const length = request.headers['content-length'];
        const declared = length && /^\d+$/.test(length) ? Number(length) : undefined;
        uploading.set(request, { claim, reservation: await uploads.reserve(claim.holderKey, declared) });
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
    };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['claims'];

  routes.post(
    `${CLAIMS_PREFIX}/draft`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: "Starts a claim on one of the policyholder's policies",
        body: z.object({
          policyId: z.string().max(64),
          lang: z.enum(['en', 'zh']).default('en'),
          agentCode: z.string().trim().max(20).optional(),
        }),
        response: { 200: ZClaimViewSchema, ...apiErrors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.startDraft(request.policyholder!, {
        policyId: request.body.policyId,
        language: request.body.lang,
        agentCode: request.body.agentCode || undefined,
      });
    },
  );

  routes.get(
    `${CLAIMS_PREFIX}/drafts`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: "The unfinished claims on one of the policyholder's policies, the latest saved first",
        querystring: z.object({ policyId: z.string().max(64) }),
        response: {
          200: z.object({
            drafts: z.array(
              z.object({
                claimId: z.string(),
                claimType: z.string(),
                updatedAt: z.string(),
                documents: z.number(),
              }),
            ),
          }),
          ...apiErrors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.openDrafts(request.policyholder!, request.query.policyId);
    },
  );

  routes.get(
    `${CLAIMS_PREFIX}/draft/:claimId`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: 'A draft claim (payout masked)',
        params: ZClaimParams,
        response: { 200: ZClaimViewSchema, ...apiErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.view((await service.draftFor(request.policyholder!, request.params.claimId)).claim);
    },
  );

  routes.put(
    `${CLAIMS_PREFIX}/draft/:claimId`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: "Saves a draft's fields; a new payout account needs the step-up code (403 without it)",
        params: ZClaimParams,
        body: ZSaveClaimDraftRequestSchema,
        response: { 200: ZClaimViewSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      const found = await service.draftFor(request.policyholder!, request.params.claimId);
      return service.saveDraft(request.policyholder!, found, request.body);
    },
  );

  routes.post(
    `${CLAIMS_PREFIX}/draft/:claimId/documents`,
    {
      preHandler: beforeUpload(
        async (request) =>
          (await service.draftFor(request.policyholder!, (request.params as { claimId: string }).claimId))
            .claim,
      ),
      schema: {
        tags,
        summary:
          'Uploads documents (multipart, field "file"): PDF, JPEG or PNG by content, 10 MB each, 10 per claim',
        consumes: ['multipart/form-data'],
        params: ZClaimParams,
        response: { 200: ZClaimViewSchema, ...apiErrors(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { claim, reservation } = uploading.get(request)!;
      const parts = partsOf(request);
      reply.header('cache-control', noStore);
      try {
        return await service.addDocuments(claim, parts(), reservation);
      } finally {
        await reservation.release();
      }
    },
  );

  routes.delete(
    `${CLAIMS_PREFIX}/draft/:claimId/documents/:documentId`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: 'Removes an uploaded document from a draft',
        params: z.object({ claimId: z.string().max(64), documentId: z.string().max(64) }),
        response: { 200: ZClaimViewSchema, ...apiErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      const { claim } = await service.draftFor(request.policyholder!, request.params.claimId);
      return service.deleteDocument(claim, request.params.documentId);
    },
  );

  routes.post(
    `${CLAIMS_PREFIX}/draft/:claimId/submit`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary:
          'Submits a draft: every rule checked, a claim number, the acknowledgement e-mail; a claim like one made already (same incident date and type) needs confirmDuplicate (409)',
        params: ZClaimParams,
        body: z.object({ confirmDuplicate: z.boolean().optional() }).nullish(),
        response: {
          200: z.object({ claimNumber: z.string(), status: z.string() }),
          ...apiErrors(400, 401, 404, 409),
        },
      },
    },
    // A repeated submit (double click, retry) answers the same number again.
    async (request) =>
      service.submit(
        (await service.draftFor(request.policyholder!, request.params.claimId, { allowSubmitted: true }))
          .claim,
        { confirmDuplicate: request.body?.confirmDuplicate },
      ),
  );

  routes.post(
    `${CLAIMS_PREFIX}/draft/:claimId/finish-later`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: "E-mails a link (7 days) to the policy's address that opens this draft again",
        params: ZClaimParams,
        response: { 200: z.object({ sentTo: z.string() }), ...apiErrors(401, 404, 409) },
      },
    },
    async (request) =>
      service.finishLater((await service.draftFor(request.policyholder!, request.params.claimId)).claim),
  );

  routes.post(
    `${CLAIMS_PREFIX}/resume`,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Opens the draft a "finish later" link names (that draft only, for the link\'s life)',
        body: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: ZClaimViewSchema, ...apiErrors(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.resume(request, reply, request.body.token);
    },
  );

  routes.get(
    `${CLAIMS_PREFIX}/policy/:policyId`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: "The claims made on one of the policyholder's policies: dates, decisions and amounts",
        params: z.object({ policyId: z.string().max(64) }),
        response: { 200: ZPolicyClaimsSchema, ...apiErrors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.claimsOf(request.policyholder!, request.params.policyId);
    },
  );

  routes.post(
    `${CLAIMS_PREFIX}/:claimNumber/documents`,
    {
      preHandler: beforeUpload(async (request) =>
        service.waitingFor(request.policyholder!, (request.params as { claimNumber: string }).claimNumber),
      ),
      schema: {
        tags,
        summary:
          'Uploads documents in answer to "more information needed" (multipart, field "file"): the checks of a draft\'s',
        consumes: ['multipart/form-data'],
        params: z.object({ claimNumber: ZClaimNumber }),
        response: { 200: ZClaimStatusSchema, ...apiErrors(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { claim, reservation } = uploading.get(request)!;
      reply.header('cache-control', noStore);
      try {
        await service.addAnswerDocuments(claim, partsOf(request)(), reservation);
      } finally {
        await reservation.release();
      }
      return service.statusFor(request.policyholder!, request.params.claimNumber);
    },
  );

  routes.delete(
    `${CLAIMS_PREFIX}/:claimNumber/documents/:documentId`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: 'Removes a document sent in answer, before the answer goes',
        params: z.object({ claimNumber: ZClaimNumber, documentId: z.string().max(64) }),
        response: { 200: ZClaimStatusSchema, ...apiErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      await service.deleteAnswerDocument(
        request.policyholder!,
        request.params.claimNumber,
        request.params.documentId,
      );
      return service.statusFor(request.policyholder!, request.params.claimNumber);
    },
  );

  routes.post(
    `${CLAIMS_PREFIX}/:claimNumber/answer`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary:
          'Sends the answer to "more information needed" (the documents uploaded since, a note): the claim goes back under review',
        params: z.object({ claimNumber: ZClaimNumber }),
        // The note's own limit is checked by the service, which names it; this bounds the body only.
        body: z.object({
          note: z
            .string()
            .max(FIELD_LENGTHS.textArea * 4)
            .default(''),
        }),
        response: { 200: ZClaimStatusSchema, ...apiErrors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      await service.answer(request.policyholder!, request.params.claimNumber, request.body.note);
      return service.statusFor(request.policyholder!, request.params.claimNumber);
    },
  );

  routes.get(
    `${CLAIMS_PREFIX}/:claimNumber`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: "A submitted claim's status and history, for its policyholder",
        params: z.object({ claimNumber: ZClaimNumber }),
        response: { 200: ZClaimStatusSchema, ...apiErrors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.statusFor(request.policyholder!, request.params.claimNumber);
    },
  );
}
