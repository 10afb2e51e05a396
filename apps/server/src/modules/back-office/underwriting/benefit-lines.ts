import { COUNTRIES, type TCountry } from '@lionrock/domain/market/market';
import {
  type TPaBenefitKey,
  type TPaBenefits,
  type TTravelBenefits,
  travelCoverTable,
} from '@lionrock/domain/rating/benefits/benefit-schedules';
import {
  ZPaBenefitsSchema,
  ZTravelBenefitsSchema,
} from '@lionrock/domain/rating/benefits/benefit-schedules-schema';
import type { THomeBenefits } from '@lionrock/domain/rating/benefits/home-benefits';
import { ZHomeBenefitsSchema } from '@lionrock/domain/rating/benefits/home-benefits-schema';
import { benefitText } from '../../document/pdf-documents.ts';

/** One limit of a benefit schedule as the documents print it: a market, a section, a benefit, a plan. */
type TLine = { market: TCountry; section: string; benefit: string; plan: string; value: string };

function travelLines(benefits: TTravelBenefits): TLine[] {
  return COUNTRIES.flatMap((market) =>
    (['ID', 'FM'] as const).flatMap((type) =>
      travelCoverTable(benefits, market, type).flatMap((group) =>
        group.rows.flatMap((row) =>
          (['STANDARD', 'SUPER'] as const).flatMap((plan) => [
            {
              market,
              section: `${group.titleEn}${type === 'FM' ? ' (family)' : ''}`,
              benefit: row.labelEn,
              plan: plan === 'STANDARD' ? 'Standard' : 'Super',
              value: benefitText(row[plan], market),
            },
            {
              market,
              section: `${group.titleEn}${type === 'FM' ? ' (family)' : ''}`,
              benefit: row.labelEn,
              plan: plan === 'STANDARD' ? 'Standard Plus' : 'Super Plus',
              value: benefitText(row.plus[plan], market),
            },
          ]),
        ),
      ),
    ),
  );
}

function paLines(benefits: TPaBenefits): TLine[] {
  return COUNTRIES.flatMap((market) =>
    (['A', 'B', 'C', 'D'] as const).flatMap((plan) =>
      (Object.keys(benefits.markets[market][plan]) as TPaBenefitKey[]).map((key) => ({
        market,
        section: 'Sums insured',
        benefit: benefits.labels[key]?.[0] ?? key,
        plan: `Plan ${plan}`,
        value: benefitText(benefits.markets[market][plan][key], market),
      })),
    ),
  );
}

function homeLines(benefits: THomeBenefits): TLine[] {
  const plans = ['ESSENTIAL', 'ENHANCED', 'PRESTIGE'] as const;
  const name = (plan: string) => plan.charAt(0) + plan.slice(1).toLowerCase();
  return COUNTRIES.flatMap((market) =>
    benefits.groups.flatMap((group) =>
      group.rows.flatMap((row) =>
        plans.flatMap((plan) => [
          {
            market,
            section: group.titleEn,
            benefit: row.labelEn,
            plan: name(plan),
            value: benefitText(row.values[market][plan], market),
          },
          ...(row.withCover
            ? [
                {
                  market,
                  section: group.titleEn,
                  benefit: `${row.labelEn} (with the optional cover)`,
                  plan: name(plan),
                  value: benefitText(row.withCover[market][plan], market),
                },
              ]
            : []),
        ]),
      ),
    ),
  );
}

/** A schedule's lines, the stored JSON read with its product's schema; unreadable data has none. */
function linesOf(product: string, data: unknown): TLine[] {
  if (data === null || data === undefined) return [];
  if (product === 'PTR') return travelLines(ZTravelBenefitsSchema.parse(data) as TTravelBenefits);
  if (product === 'PAN') return paLines(ZPaBenefitsSchema.parse(data) as TPaBenefits);
  if (product === 'PHM') return homeLines(ZHomeBenefitsSchema.parse(data) as THomeBenefits);
  return [];
}

export type TBenefitLineDiff = {
  market: TCountry;
  section: string;
  benefit: string;
  plan: string;
  inForce: string | null;
  draft: string | null;
  changed: boolean;
};

/**
 * The benefit-schedule diff of the back office (decision 091): every limit of the version in force and of
 * the draft, per market, section, benefit and plan, side by side, each line marked when they differ (a
 * line only one of them has is changed too). In the order of the draft, then lines the draft dropped.
 */
export function diffBenefitLines(product: string, inForce: unknown, draft: unknown): TBenefitLineDiff[] {
  const keyOf = (line: TLine) => `${line.market}|${line.section}|${line.benefit}|${line.plan}`;
  const before = new Map(linesOf(product, inForce).map((line) => [keyOf(line), line]));
  const after = linesOf(product, draft);
  const seen = new Set<string>();
  const lines: TBenefitLineDiff[] = after.map((line) => {
    const key = keyOf(line);
    seen.add(key);
    const was = before.get(key)?.value ?? null;
    const { value, ...where } = line;
    return { ...where, inForce: was, draft: value, changed: was !== value };
  });
  for (const [key, line] of before) {
    if (seen.has(key)) continue;
    const { value, ...where } = line;
    lines.push({ ...where, inForce: value, draft: null, changed: true });
  }
  return lines;
}
