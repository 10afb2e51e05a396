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
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
      // Who may upload to the draft, and whether the body fits the holder's budget, are settled before
      // a byte of it is read: a refusal closes the connection instead of draining the body (issue 27).
      preHandler: async (request, reply) => {
        try {
          await access.requireHolder.call(app, request, reply);
          const { claim } = await service.draftFor(request.policyholder!, request.params.claimId);
          if (!request.isMultipart())
            throw new ApiError(415, 'Send the documents as multipart/form-data.', { field: 'file' });
          const length = request.headers['content-length'];
          const declared = length && /^\d+$/.test(length) ? Number(length) : undefined;
          uploading.set(request, { claim, reservation: await uploads.reserve(claim.holderKey, declared) });
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
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
      const parts = async function* (): AsyncIterable<TUploadPart> {
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
        summary: 'Submits a draft: every rule checked, a claim number, the acknowledgement e-mail',
        params: ZClaimParams,
        response: {
          200: z.object({ claimNumber: z.string(), status: z.string() }),
          ...apiErrors(400, 401, 404),
        },
      },
    },
    // A repeated submit (double click, retry) answers the same number again.
    async (request) =>
      service.submit(
        (await service.draftFor(request.policyholder!, request.params.claimId, { allowSubmitted: true }))
          .claim,
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
    `${CLAIMS_PREFIX}/:claimNumber`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags,
        summary: "A submitted claim's status and history, for its policyholder",
        params: z.object({
          claimNumber: z
            .string()
            .trim()
            .toUpperCase()
            .regex(CLAIM_NUMBER_PATTERN, 'claims.errors.claimNotFound'),
        }),
        response: {
          200: z.object({
            claimNumber: z.string(),
            status: z.string(),
            policyNumber: z.string(),
            productType: z.string(),
            claimType: z.string(),
            amountCents: z.number().nullable(),
            currency: z.string(),
            submittedAt: z.string().nullable(),
            events: z.array(z.object({ status: z.string(), at: z.string() })),
          }),
          ...apiErrors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.statusFor(request.policyholder!, request.params.claimNumber);
    },
  );
}
