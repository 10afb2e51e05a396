import { HOME_PLANS, type THomePlan } from '@lionrock/domain/home/home-model';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import type { TBenefitValue } from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { THomeBenefits } from '@lionrock/domain/rating/benefits/home-benefits';
import type { THomeRateTable } from '@lionrock/domain/rating/home-rating';
import { annualCancellation } from './cancellation-clauses.ts';
import { marketStatements } from './travel-wording.ts';
import type { TSection } from './wording-section.ts';

/**
 * The home brochure and policy wording of a market (decision 058), written from the home benefit
 * schedule and rate table in force (decisions 091, 114) as the travel wording is (decision 043): a cover section per row of the
 * schedule with each plan's limit read from the data, so a limit changed there changes here.
 * Specimen wording of the demonstration insurer "Lionrock"; it names no real insurer.
 */
const PLAN_NAMES: Record<THomePlan, string> = {
  ESSENTIAL: 'Essential',
  ENHANCED: 'Enhanced',
  PRESTIGE: 'Prestige',
};

function limit(value: TBenefitValue, country: TCountry): string {
  if (value === 'NOT_COVERED') return 'not covered';
  if (value === 'UNLIMITED') return 'no limit';
  if (value === 'INCLUDED') return 'included';
  return formatMoney(value, country);
}

function byPlan(values: Record<THomePlan, TBenefitValue>, country: TCountry): string {
  return HOME_PLANS.map((plan) => `${PLAN_NAMES[plan]} ${limit(values[plan], country)}`).join('; ');
}

/** What each cover section promises; its limits come from the schedule. */
const COVER_TERMS: Record<string, string> = {
  contents:
    'We pay for loss of or damage to the household contents in the home caused by fire, lightning, explosion, flood, burst pipes, storm, theft involving forcible entry, or accidental damage, by repair or replacement as new (except clothing and linen, less wear and tear). Contents are the furniture, furnishings, household goods and personal belongings of the insured household, not the building, vehicles, money or business property.',
  renovation:
    'We pay for loss of or damage to the renovations, fixtures and fittings installed in the home at the insured household’s cost (built-in wardrobes, kitchen cabinets, flooring, false ceilings, wiring) by the same events as contents.',
  building:
    'For an owner or a landlord, we pay for loss of or damage to the building structure of the home (walls, floors, ceilings, windows and permanent fixtures the owner must insure) by the same events as contents. For an HDB flat this sits above the HDB’s own fire insurance of the structure.',
  accommodation:
    'If the home cannot be lived in after damage we cover, we pay the reasonable cost of comparable temporary accommodation for the insured household until it can be lived in again, up to 12 months.',
  lossOfRent:
    'For a landlord, if the home cannot be let after damage we cover, we pay the rent lost under a written tenancy agreement until it can be let again, up to 12 months.',
  valuables:
    'If chosen, we pay for loss of or damage to jewellery, watches, cameras, laptops and mobile phones of the insured household anywhere in the world, up to {article} for any one article. Theft from an unattended vehicle is not covered.',
  personalLiability:
    'We pay the amounts the insured household becomes legally liable to pay as compensation for accidental bodily injury to others or damage to their property, happening in the home or anywhere in the home country, and the legal costs we agree to. With the personal liability top-up the limit is the higher one shown.',
  helper:
    'If chosen, we pay for loss of or damage to the belongings of the domestic helper living in the home, and the amounts the policyholder becomes legally liable to pay for the helper’s accidental acts causing injury to others or damage to their property. It does not replace the work injury or employees’ compensation insurance the law requires an employer to buy.',
};

function coverSections(country: TCountry, benefits: THomeBenefits, rates: THomeRateTable): TSection[] {
  const included = rates.markets[country].includedContentsCents;
  const sections: TSection[] = [
    {
      heading: `Section 1. ${benefits.contents.labelEn}`,
      level: 2,
      paragraphs: [
        COVER_TERMS.contents!,
        `Limit: the contents sum insured shown in the schedule. Each plan includes at least ${byPlan(included, country)}; a larger sum chosen is shown in the schedule.`,
      ],
    },
  ];
  let number = 2;
  for (const group of benefits.groups) {
    for (const row of group.rows) {
      // One article: S$1,000 or HK$5,000.
      const article = formatMoney(country === 'SGP' ? 100_000 : 500_000, country);
      const paragraphs = [(COVER_TERMS[row.key] ?? row.labelEn).replace('{article}', article)];
      const base = HOME_PLANS.every((plan) => row.values[country][plan] === 'NOT_COVERED');
      if (!base) paragraphs.push(`Limit: ${byPlan(row.values[country], country)}.`);
      if (row.withCover) {
        paragraphs.push(
          `${base ? 'Limit, when this optional cover is chosen' : 'Limit with the optional cover'}: ${byPlan(row.withCover[country], country)}.`,
        );
      }
      if (row.occupancies) {
        paragraphs.push(
          `Applies to: ${row.occupancies.map((occupancy) => occupancy.toLowerCase()).join(' and ')}s.`,
        );
      }
      sections.push({ heading: `Section ${number}. ${row.labelEn}`, level: 2, paragraphs });
      number += 1;
    }
  }
  return sections;
}

const DEFINITIONS: TSection = {
  heading: 'Definitions',
  paragraphs: [
    'Home: the private dwelling at the insured address shown in the schedule, used only as a residence.',
    'Insured household: the policyholder and the family members who normally live in the home with them; for a landlord, the policyholder only.',
    'Owner, tenant, landlord: the occupancy shown in the schedule — an owner living in the home, a tenant renting it, or an owner letting it to tenants.',
    'Forcible entry: entry to the home by force and violence that leaves visible damage.',
    'Unoccupied: not lived in by the insured household or a tenant for more than 60 consecutive days.',
    'Period of insurance: the dates shown in the schedule, both days included.',
  ],
};

const GENERAL_EXCLUSIONS: TSection = {
  heading: 'General exclusions',
  paragraphs: [
    'We do not pay any claim caused by, or arising from:',
    '1. wear and tear, gradual deterioration, rust, mould, insects, vermin or pests;',
    '2. loss or damage while the home is unoccupied, or let to others unless the schedule shows a landlord;',
    '3. theft without forcible entry, or by a person lawfully in the home, except under the domestic helper and portable valuables sections;',
    '4. business property, money, documents, vehicles and their accessories;',
    '5. a deliberate act of the insured household;',
    '6. war, invasion, civil war, rebellion, terrorism, nuclear radiation or contamination;',
    '7. subsidence or defective design, materials or workmanship.',
  ],
};

function claimsAndConditions(country: TCountry): TSection[] {
  const insurer = INSURER_CONTACTS[country];
  return [
    {
      heading: 'Claims conditions',
      paragraphs: [
        `1. Tell us about a claim within 30 days of the loss, by e-mail to ${insurer.claimsEmail} or through our website, giving the policy number; report theft to the police within 24 hours.`,
        '2. Take reasonable steps to prevent further loss, and keep damaged items for us to inspect.',
        '3. Do not admit liability, or offer or promise payment, without our written consent.',
        '4. If the contents sum insured is less than the value of the contents at the time of a loss, we pay only the same proportion of the loss (average).',
        '5. If a claim is fraudulent or exaggerated, we will not pay it and may cancel the policy from the date of the fraud.',
      ],
    },
    annualCancellation(country),
  ];
}

/** The policy wording: agreement, definitions, a section per cover, exclusions, claims, cancellation, market statements. */
export function homePolicyWording(
  country: TCountry,
  benefits: THomeBenefits,
  rates: THomeRateTable,
): TSection[] {
  const insurer = INSURER_CONTACTS[country];
  return [
    {
      heading: 'Our agreement',
      paragraphs: [
        `This policy is a contract between ${insurer.legalName} ("we", "us", "our") and the policyholder named in the schedule ("you", "your"). In return for the premium paid, we cover the home at the insured address for the events described in this wording, during the period of insurance, up to the limits of the plan shown in the schedule.`,
        'The schedule, this wording and any endorsement we issue form one contract and are read together.',
      ],
    },
    DEFINITIONS,
    { heading: 'What we cover', paragraphs: ['Limits are per event and per period of insurance, by plan.'] },
    ...coverSections(country, benefits, rates),
    GENERAL_EXCLUSIONS,
    ...claimsAndConditions(country),
    ...marketStatements(country, benefits.version),
  ];
}

/** The brochure's text: what the product is, in the market's terms; its tables come from the schedule. */
export function homeBrochure(country: TCountry): TSection[] {
  const dwelling =
    country === 'SGP'
      ? 'HDB flats from 2-room to executive, condominiums and landed houses'
      : 'flats of any size, rated by gross floor area, in buildings of any age';
  return [
    {
      heading: 'Cover for the home you live in, rent out or rent',
      paragraphs: [
        `Annual cover for ${dwelling}, for owners, tenants and landlords. Choose Essential, Enhanced or Prestige; each includes household contents, renovations, personal liability and, for owners and landlords, the building structure.`,
        'Add renovation, domestic helper, portable valuables or a personal liability top-up. Buy online in minutes; your policy schedule is e-mailed as soon as you pay.',
      ],
    },
  ];
}
