import { randomInt } from 'node:crypto';
import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  CAMPAIGN_IMAGE_TYPES,
  campaignErrors,
  PROMO_CODE_ALPHABET,
  promoCodeProblem,
  promoPrefixProblem,
  randomPartLength,
  type TCampaignInput,
} from '@lionrock/domain/back-office/campaign-rules';
import { csvText } from '@lionrock/domain/back-office/exports';
import { ApiError } from '../../../lib/api-error.ts';
import { detectContent, sanitiseFileName } from '../../../storage/file-content.ts';
import type { TActor } from '../audit.ts';
import type { TCampaignRow, TMarketingRepository } from './marketing-repository.ts';

export type TCodeCounts = { available: number; reserved: number; used: number };
/** A new batch of codes: made in bulk with a prefix (single-use campaigns), or one typed code. */
export type TNewCodes = { count: number; prefix: string } | { code: string };
export type TCampaignImageUpload = { contentType: string; dataBase64: string; fileName?: string | undefined };

/** The fields marketing edits, as stored (empty texts kept as null, as the seeds do). */
function editable(row: TCampaignRow): TCampaignInput {
  return {
    campaignCode: row.campaignCode,
    campaignName: row.campaignName,
    status: row.status as TCampaignInput['status'],
    productCode: row.productCode as TCampaignInput['productCode'],
    country: row.country as TCampaignInput['country'],
    startDate: row.startDate,
    endDate: row.endDate,
    marketingMessage: row.marketingMessage ?? '',
    marketingMessageCn: row.marketingMessageCn ?? '',
    promoCodeRequired: row.promoCodeRequired,
    promoCodeReusability: row.promoCodeReusability as TCampaignInput['promoCodeReusability'],
    promoCodeDescription: row.promoCodeDescription ?? '',
    promoCodeDescriptionCn: row.promoCodeDescriptionCn ?? '',
    discountType: row.discountType as TCampaignInput['discountType'],
    discountValue: row.discountValue,
    termsConditionsEn: row.termsConditionsEn ?? '',
    termsConditionsCn: row.termsConditionsCn ?? '',
    voucherCents: row.voucherCents,
    voucherDescription: row.voucherDescription ?? '',
    voucherDescriptionCn: row.voucherDescriptionCn ?? '',
  };
}

function columnsOf(input: TCampaignInput) {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    ...input,
    campaignName: input.campaignName.trim(),
    marketingMessage: orNull(input.marketingMessage),
    marketingMessageCn: orNull(input.marketingMessageCn),
    promoCodeDescription: orNull(input.promoCodeDescription),
    promoCodeDescriptionCn: orNull(input.promoCodeDescriptionCn),
    voucherDescription: orNull(input.voucherDescription),
    voucherDescriptionCn: orNull(input.voucherDescriptionCn),
  };
}

function refuseInvalid(input: TCampaignInput): void {
  const errors = campaignErrors(input);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field) throw new ApiError(400, message!, { field });
}

/** A made code: the prefix, then random characters of the unambiguous alphabet, to the promo field's length. */
function madeCode(prefix: string): string {
  let code = prefix;
  for (let index = 0; index < randomPartLength(prefix); index += 1)
    code += PROMO_CODE_ALPHABET[randomInt(PROMO_CODE_ALPHABET.length)];
  return code;
}

/** The codes' counts by campaign: used, reserved, and every other status as available. */
function foldCounts(rows: { campaignId: number; status: string; count: number }[]) {
  const counts = new Map<number, TCodeCounts>();
  for (const row of rows) {
    const entry = counts.get(row.campaignId) ?? { available: 0, reserved: 0, used: 0 };
    if (row.status === 'USED') entry.used += row.count;
    else if (row.status === 'RESERVED') entry.reserved += row.count;
    else entry.available += row.count;
    counts.set(row.campaignId, entry);
  }
  return counts;
}

const present = (row: TCampaignRow, counts: Map<number, TCodeCounts>) => ({
  ...editable(row),
  campaignId: row.campaignId,
  codes: counts.get(row.campaignId) ?? { available: 0, reserved: 0, used: 0 },
  updatedBy: row.updatedBy,
});

const noSuchCampaign = () => new ApiError(404, 'No such campaign.', { field: 'campaignId' });

/**
 * Marketing's campaigns and promo codes (issue 18): what may be saved, which codes are made, what is
 * audited. Pricing reads campaigns through its table cache, which every instance refreshes on the
 * table's change notification, so a saved campaign prices quotes within seconds everywhere.
 */
export function createMarketingService(deps: { repository: TMarketingRepository; now: () => Date }) {
  const { repository, now } = deps;

  async function findCampaign(campaignId: number): Promise<TCampaignRow> {
    const row = await repository.findCampaign(campaignId);
    if (!row) throw noSuchCampaign();
    return row;
  }

  return {
    async listCampaigns(filter: { country?: string | undefined; product?: string | undefined }) {
      const rows = await repository.listCampaigns(filter);
      const counts = foldCounts(await repository.countCodes());
      return { campaigns: rows.map((row) => present(row, counts)) };
    },

    /** One campaign with its codes' use, the policies sold with it, and its audit trail. */
    async getCampaign(campaignId: number) {
      const row = await findCampaign(campaignId);
      const sold = await repository.countPoliciesSold(row);
      const trail = await repository.auditTrail(row.campaignId);
      return {
        campaign: present(row, foldCounts(await repository.countCodes(row.campaignId))),
        sales: { policies: sold },
        audit: trail.map((entry) => ({
          at: entry.at.toISOString(),
          actor: entry.actor,
          action: entry.action,
          before: entry.before,
          after: entry.after,
        })),
      };
    },

    async createCampaign(input: TCampaignInput, actor: TActor) {
      refuseInvalid(input);
      const row = await repository.insertCampaign(
        { ...columnsOf(input), createdBy: actor.label, updatedBy: actor.label },
        (created) => ({
          at: now(),
          actor,
          action: 'create',
          entity: 'campaign',
          entityId: String(created.campaignId),
          before: null,
          after: editable(created),
        }),
      );
      if (!row)
        throw new ApiError(409, 'This market and product already have a campaign with this code.', {
          field: 'campaignCode',
        });
      return { campaignId: row.campaignId };
    },

    async updateCampaign(campaignId: number, input: TCampaignInput, actor: TActor) {
      refuseInvalid(input);
      const after = await repository.updateCampaign(
        campaignId,
        { ...columnsOf(input), updatedBy: actor.label, updatedAt: now() },
        (before, changed) => ({
          at: now(),
          actor,
          action: 'update',
          entity: 'campaign',
          entityId: String(before.campaignId),
          before: editable(before),
          after: editable(changed),
        }),
      );
      if (!after) throw noSuchCampaign();
      return { campaignId: after.campaignId };
    },

    /**
     * The campaign's image (decision 088): PNG or JPEG only, known by its first bytes as the claims
     * uploads are (storage/file-content.ts); never SVG, which can carry script. At most 500 kB decoded.
     */
    async setCampaignImage(campaignId: number, upload: TCampaignImageUpload, actor: TActor) {
      const { contentType, dataBase64, fileName } = upload;
      if (!(CAMPAIGN_IMAGE_TYPES as readonly string[]).includes(contentType.toLowerCase()))
        throw new ApiError(400, 'The image must be a PNG or a JPEG.', { field: 'contentType' });
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(dataBase64))
        throw new ApiError(400, 'The image is not valid base64.', { field: 'dataBase64' });
      const data = Buffer.from(dataBase64, 'base64');
      if (data.length > CAMPAIGN_IMAGE_MAX_BYTES)
        throw new ApiError(400, 'The image is larger than 500 kB.', { field: 'dataBase64' });
      const check = detectContent(data.subarray(0, 64));
      if (!check.ok || (check.contentType !== 'image/png' && check.contentType !== 'image/jpeg'))
        throw new ApiError(400, 'The file is not a PNG or JPEG image.', { field: 'dataBase64' });
      const imageFileName = sanitiseFileName(fileName).slice(0, 100);
      const stored = await repository.updateCampaignImage(
        campaignId,
        {
          imageData: data.toString('base64'),
          imageContentType: check.contentType,
          imageFileName,
          updatedBy: actor.label,
          updatedAt: now(),
        },
        (before) => ({
          at: now(),
          actor,
          action: 'image',
          entity: 'campaign',
          entityId: String(campaignId),
          before: { imageContentType: before.imageContentType, imageFileName: before.imageFileName },
          after: { imageContentType: check.contentType, imageFileName, bytes: data.length },
        }),
      );
      if (!stored) throw noSuchCampaign();
      return { campaignId, contentType: check.contentType, bytes: data.length };
    },

    /** Makes single-use codes in bulk, or adds one typed code; the number added is audited. */
    async addCodes(campaignId: number, body: TNewCodes, actor: TActor) {
      const campaign = await findCampaign(campaignId);
      let codes: string[];
      if ('code' in body) {
        const problem = promoCodeProblem(body.code);
        if (problem) throw new ApiError(400, problem, { field: 'code' });
        codes = [body.code];
      } else {
        if (campaign.promoCodeReusability !== 'SINGLE_USE')
          throw new ApiError(
            409,
            'Codes are made in bulk for a single-use campaign; a reusable one takes a typed code.',
            { field: 'count' },
          );
        const problem = promoPrefixProblem(body.prefix);
        if (problem) throw new ApiError(400, problem, { field: 'prefix' });
        const made = new Set<string>();
        while (made.size < body.count) made.add(madeCode(body.prefix));
        codes = [...made];
      }
      // A typed code the campaign has already adds nothing, and writes no audit row.
      const refused = (added: number) => 'code' in body && added === 0;
      const added = await repository.insertPromoCodes(campaign.campaignId, codes, (count) =>
        refused(count)
          ? undefined
          : {
              at: now(),
              actor,
              action: 'add-codes',
              entity: 'campaign',
              entityId: String(campaign.campaignId),
              before: null,
              after: { added: count },
            },
      );
      if (refused(added)) throw new ApiError(409, 'This campaign has that code already.', { field: 'code' });
      return { added };
    },

    /** The campaign's codes as CSV, and the file's name; every export is audited. */
    async exportCodes(campaignId: number, actor: TActor) {
      const campaign = await findCampaign(campaignId);
      const rows = await repository.listPromoCodes(campaign.campaignId);
      const csv = csvText(
        ['code', 'status', 'used_at'],
        rows.map((row) => [row.code, row.status, row.usedAt?.toISOString() ?? '']),
      );
      await repository.recordAudit({
        at: now(),
        actor,
        action: 'export-codes',
        entity: 'campaign',
        entityId: String(campaign.campaignId),
        before: null,
        after: { rows: rows.length },
      });
      return {
        fileName: `promo-codes-${campaign.campaignCode}-${campaign.country}.csv`,
        csv,
      };
    },
  };
}

export type TMarketingService = ReturnType<typeof createMarketingService>;
