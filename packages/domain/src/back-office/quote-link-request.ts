import { z } from 'zod';
import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '../home/home-model.ts';

/**
 * The requests of the desk's "Share a quote link" (decisions 083, 090 and 123): a plain landing link
 * (`/desk/links`) and a pre-filled one (`/desk/quote-links`). The desk's form checks them before it
 * sends; the server's routes check them again, and the quote-link rules then check each choice by the
 * market's own rules (quote-link-rules.ts).
 */

/** A sub-agent's or a campaign's code, as the agent types it. */
export const LINK_CODE_MAX = 50;
/** A count a link may preselect (travellers, a family's adults and children): the shop's rules narrow it. */
export const LINK_COUNT_MAX = 20;
/** A plan's name (`STANDARD`, `C`): the quote-link rules know which ones each product offers. */
export const LINK_PLAN_MAX = 20;
/** An occupation's code (pa/occupation.ts). */
export const LINK_OCCUPATION_MAX = 10;
/** A home contents sum: the market's own choices are the quote-link rules' check. */
export const LINK_CONTENTS_MAX = 10_000_000;

const COUNT = z.number().int().min(0).max(LINK_COUNT_MAX);
const PLAN = z.string().trim().max(LINK_PLAN_MAX).optional();

/** The quote forms' own choices, each optional: what the agent leaves out the customer chooses. */
export const ZQuoteLinkPrefill = z.object({
  travel: z
    .object({
      tripType: z.enum(['S', 'A']).optional(),
      destination: z.enum(['6', '3']).optional(),
      travellers: z
        .object({
          travellerType: z.enum(['ID', 'CP', 'FM']),
          individuals: COUNT.default(0),
          adults: COUNT.default(0),
          children: COUNT.default(0),
        })
        .optional(),
      plan: PLAN,
    })
    .strict()
    .optional(),
  pa: z
    .object({
      occupation: z.string().trim().max(LINK_OCCUPATION_MAX).optional(),
      insuredPersonType: z.enum(['individual', 'family']).optional(),
      adults: z.number().int().min(1).max(2).optional(),
      children: COUNT.optional(),
      plan: PLAN,
    })
    .strict()
    .optional(),
  home: z
    .object({
      dwellingType: z.enum(DWELLING_TYPES).optional(),
      hdbFlatType: z.enum(HDB_FLAT_TYPES).optional(),
      floorArea: z.enum(FLOOR_AREA_BANDS).optional(),
      buildingAge: z.enum(BUILDING_AGE_BANDS).optional(),
      ownership: z.enum(OCCUPANCIES).optional(),
      contentsSumInsured: z.number().int().min(0).max(LINK_CONTENTS_MAX).optional(),
      plan: PLAN,
    })
    .strict()
    .optional(),
});
export type TQuoteLinkPrefillRequest = z.infer<typeof ZQuoteLinkPrefill>;

/** A plain link to the product's landing, carrying the agent's code, a sub-agent, a campaign and the language. */
export const ZDeskLinkRequest = z.object({
  product: z.enum(['travel', 'pa', 'home']),
  market: z.enum(['SGP', 'HKG']),
  lang: z.enum(['en', 'zh']).default('en'),
  subAgentCode: z.string().trim().max(LINK_CODE_MAX).optional(),
  campaignCode: z.string().trim().max(LINK_CODE_MAX).optional(),
});
export type TDeskLinkRequest = z.infer<typeof ZDeskLinkRequest>;

/** A pre-filled link: the plain link's and the quote form's choices, stored and counted (decision 090). */
export const ZQuoteLinkRequest = ZDeskLinkRequest.extend({ prefill: ZQuoteLinkPrefill.default({}) });
export type TQuoteLinkRequest = z.infer<typeof ZQuoteLinkRequest>;

/**
 * The same two requests as the desk's form holds them: the link's own fields and each product's
 * choices at the quote form's paths (`travel.plan`, as the desk's quote request has them), so a
 * problem lands on the field it names. `quoteLinkRequestOf` makes the request sent.
 */
export const ZQuoteLinkChoices = ZDeskLinkRequest.extend(ZQuoteLinkPrefill.shape);
export type TQuoteLinkChoices = z.infer<typeof ZQuoteLinkChoices>;

/** The pre-filled link's request the choices make (the plain link's is the same without `prefill`). */
export function quoteLinkRequestOf(choices: TQuoteLinkChoices): TQuoteLinkRequest {
  const { travel, pa, home, ...link } = choices;
  return {
    ...link,
    prefill: { ...(travel ? { travel } : {}), ...(pa ? { pa } : {}), ...(home ? { home } : {}) },
  };
}
