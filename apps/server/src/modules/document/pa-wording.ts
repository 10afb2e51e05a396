import { PA_REDUCED_BENEFIT_AGES, paAgeFacts } from '@lionrock/domain/eligibility/ages';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { OCCUPATIONS } from '@lionrock/domain/pa/occupation';
import { OCCUPATION_CLASSES } from '@lionrock/domain/pa/occupation-classes';
import type { TPaPlanLetter } from '@lionrock/domain/pa/pa-benefits';
import { HONG_KONG_CLAIMS_LIMIT_CENTS } from '@lionrock/domain/pa/pa-limits';
import type { TPaBenefitKey, TPaBenefits } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { PA_TERMS } from '@lionrock/domain/rating/benefits/pa-terms';
import { HONG_KONG_MINIMUM_PREMIUM_CENTS } from '@lionrock/domain/rating/discounts';
import type { TPaRateTable } from '@lionrock/domain/rating/pa-rating';
import { TAX_TABLE } from '@lionrock/domain/tax/tax';
import { annualCancellation } from './cancellation-clauses.ts';
import { marketStatements } from './travel-wording.ts';
import type { TSection } from './wording-section.ts';

/**
 * The personal accident brochure and policy wording of a market (decisions 043 and 054), written from
 * the data the price and the schedule use: the sums insured per plan from `pa-benefits.json` with its
 * child and age-65-to-70 shares, the ages from the eligibility table, the occupation classes, the
 * optional covers and the family rules from the rate table in force (decision 114), the tax from the tax table. Specimen
 * wording of the demonstration insurer "Lionrock"; it names no real insurer.
 */
const PLANS: TPaPlanLetter[] = ['A', 'B', 'C', 'D'];
const percent = (basisPoints: number) => `${basisPoints / 100}%`;
const currencyName = (country: TCountry) => (country === 'SGP' ? 'Singapore dollars' : 'Hong Kong dollars');

/** "Plan A S$100,000.00; Plan B …": one benefit's sums per plan. */
function sumsByPlan(benefits: TPaBenefits, country: TCountry, key: TPaBenefitKey): string {
  return PLANS.map(
    (plan) => `Plan ${plan} ${formatMoney(benefits.markets[country][plan][key], country)}`,
  ).join('; ');
}

/** The ages the documents name, from the eligibility rules; months where a limit is not whole years. */
function ageFacts(country: TCountry) {
  const facts = paAgeFacts(country);
  const months = (value: number) =>
    value % 12 === 0 ? `${value / 12} years` : value === 1 ? '1 month' : `${value} months`;
  return {
    adultFrom: months(facts.adultMinMonths),
    adultTo: facts.adultMax,
    applicantFrom: facts.applicantMin,
    childFrom: months(facts.childMinMonths),
    childTo: facts.childMaxAge,
    studentTo: facts.studentMaxAge,
    renewableTo: facts.renewableTo,
  };
}

const classLabel = (code: string) => OCCUPATIONS.find((occupation) => occupation.code === code)!.labelEn;

/** What each benefit pays and on which conditions; the sums come from the schedule. */
const BENEFIT_TERMS: Record<TPaBenefitKey, string[]> = {
  accidentalDeath: [
    'If bodily injury causes the insured person’s death or permanent disablement within 12 months of the accident, we pay the sum insured for death or permanent total disablement, and for a permanent partial disablement the percentage of it shown in the table of disablements below.',
    'Table of disablements: loss of two limbs, of the sight of both eyes, or permanent total disablement from any occupation lasting 12 months and beyond hope of improvement 100%; loss of one limb or of the sight of one eye 50%; loss of hearing in both ears 75%; loss of a thumb 20%; loss of any other finger 10%; loss of a big toe 5%. We pay once for each insured person under this section, and all payments under it together never exceed the sum insured.',
  ],
  burns: [
    'If bodily injury causes third-degree burns, we pay the sum insured in proportion to the area of the body burned: 100% for 27% or more of the body surface, 50% for 18% to 27%, 25% for 9% to 18%, as certified by a medical practitioner.',
  ],
  medicalExpenses: [
    'We pay the reasonable and necessary medical, surgical, hospital, nursing and ambulance expenses incurred within 52 weeks of the accident because of bodily injury, including treatment by a registered chiropractor, physiotherapist or traditional Chinese medicine practitioner on referral, one visit a day.',
  ],
  hospitalCashPerDay: [
    `If bodily injury confines the insured person to hospital as an in-patient for at least ${PA_TERMS.hospitalMinHours} hours, we pay the daily sum for each complete day in hospital, for up to ${PA_TERMS.hospitalMaxYears} years from the accident.`,
    'Double Indemnity for hospital allowance (optional cover, code PRX): where the schedule shows it for an insured adult, we pay twice the daily sum for that adult.',
  ],
  brokenBones: [
    'If bodily injury causes a fracture confirmed by X-ray, we pay up to the sum insured for the fracture: 100% for the skull, spine or pelvis, 50% for the thigh, 30% for the arm, leg or jaw, 10% for any other bone. Several fractures in one accident are paid up to the sum insured.',
  ],
  coma: [
    `If bodily injury causes a coma within ${PA_TERMS.comaWithinDays} days of the accident, lasting at least ${PA_TERMS.comaMinMonths} consecutive months in hospital, we pay the sum insured.`,
  ],
  educationFund: [
    'If an insured adult dies from bodily injury and we pay the accidental death benefit, we pay the education fund for each dependent child named in the schedule who is in full-time education, once for each child.',
  ],
  doubleIndemnity: [
    'If the death or permanent total disablement is caused by an accident while the insured person is travelling as a fare-paying passenger on a public conveyance, we pay this sum in addition to the accidental death and permanent disablement benefit.',
  ],
  ttdWeekly: [
    `Temporary Total Disablement (optional cover, code TTD): if bodily injury totally prevents an insured adult from attending to any part of their usual occupation, we pay the weekly sum, or ${PA_TERMS.ttdMaxEarningsPercent}% of the adult’s average weekly earnings in the 12 months before the accident if less, after a waiting period of ${PA_TERMS.ttdWaitingDays} days and for up to ${PA_TERMS.ttdMaxWeeks} weeks. A self-employed adult’s earnings are those declared for tax.`,
  ],
};

function agreement(country: TCountry): TSection {
  const insurer = INSURER_CONTACTS[country];
  return {
    heading: 'Our agreement',
    paragraphs: [
      `This policy is a contract between ${insurer.legalName} ("we", "us", "our") and the policyholder named in the schedule ("you", "your"). In return for the premium paid, we will cover the insured persons named in the schedule against bodily injury caused by an accident anywhere in the world, 24 hours a day, during the period of insurance, up to the sums insured of the plan shown in the schedule.`,
      'The schedule, this wording and any endorsement we issue form one contract and are read together. A word defined below has the same meaning wherever it appears. Headings are for ease of reading only.',
    ],
  };
}

function definitions(country: TCountry): TSection {
  const ages = ageFacts(country);
  return {
    heading: 'Definitions',
    paragraphs: [
      'Accident: a sudden, unforeseen and involuntary event caused by external, violent and visible means.',
      'Bodily injury: injury caused solely and directly by an accident during the period of insurance, independently of any sickness or other cause, resulting within 12 months of the accident in a loss this policy covers.',
      `Child: an unmarried child, step-child or legally adopted child of an insured adult, named in the schedule, aged from ${ages.childFrom} to ${ages.childTo}, or to ${ages.studentTo} while in full-time education, and financially dependent on the insured adult.`,
      'Hospital: an establishment licensed as a hospital for the care and treatment of sick and injured persons as in-patients, with a medical practitioner and a registered nurse on duty at all times; not a nursing, convalescent or rehabilitation home.',
      'Insured person: each person named as insured in the schedule: the insured adult or adults and the children.',
      'Medical practitioner: a doctor registered and licensed to practise medicine, who is not the insured person or a close relative.',
      `Occupation class: the class of the insured adult’s occupation declared in the application: ${OCCUPATION_CLASSES.map(classLabel).join('; ')}.`,
      'Period of insurance: the 12 months shown in the schedule, both days included.',
      'Public conveyance: a licensed aircraft, ship, train, bus or taxi operated by a carrier for fare-paying passengers.',
      'Spouse: the husband or wife of the first insured adult, insured as the second adult.',
    ],
  };
}

function whoIsCovered(country: TCountry, benefits: TPaBenefits, rates: TPaRateTable): TSection {
  const ages = ageFacts(country);
  const market = rates.markets[country];
  const { rules } = benefits;
  const residence =
    country === 'SGP'
      ? 'Each insured person must be a Singapore citizen, a Singapore permanent resident or the holder of a long-term pass, living in Singapore.'
      : `Each insured person must live in Hong Kong. An applicant who has claimed more than ${formatMoney(HONG_KONG_CLAIMS_LIMIT_CENTS, 'HKG')} under any personal accident policy in the last 3 years is insured only through a licensed insurance agent.`;
  return {
    heading: 'Who is covered',
    paragraphs: [
      `Adults are covered from ${ages.adultFrom} old to ${ages.adultTo} when the policy begins${ages.renewableTo > ages.adultTo ? `, and the policy may be renewed up to age ${ages.renewableTo}` : ''}; the policyholder must be ${ages.applicantFrom} or over. ${residence}`,
      `A family plan covers one or two adults (the second being the spouse) and their children. Up to ${market.freeChildren} children are covered without premium, on the plan of the lower-rated parent; each further child is charged ${percent(market.extraChildBasisPoints)} of that parent’s premium. A spouse or child on the policy brings a ${percent(market.familyDiscountBasisPoints)} family discount.`,
      `A child is covered for ${percent(rules.childBasisPoints)} of the plan’s accidental death and permanent disablement and double indemnity sums, and not for the education fund or temporary total disablement.`,
      `An adult aged ${PA_REDUCED_BENEFIT_AGES.from} to ${PA_REDUCED_BENEFIT_AGES.to} when the policy begins or is renewed is covered for ${percent(rules.seniorBasisPoints)} of the plan’s accidental death and permanent disablement, double indemnity and medical expenses sums. The schedule prints each insured person’s sums.`,
    ],
  };
}

function occupations(): TSection {
  return {
    heading: 'Occupations',
    paragraphs: [
      'The premium depends on the occupation class of each insured adult. Plans A to D are offered for occupation classes 1 and 2; class 3 is offered Plans A to C. Class 4 occupations (manual work with cutting machinery, offshore, demolition) are not covered, and an occupation not on our list is insured only through a licensed insurance agent.',
      'You must tell us within 30 days if an insured adult changes occupation. If the new occupation is in a higher class, we will ask for the additional premium; if it is in class 4, cover for that adult ends. If you do not tell us, we pay a claim in the proportion that the premium paid bears to the premium for the new occupation.',
    ],
  };
}

function coverSections(country: TCountry, benefits: TPaBenefits): TSection[] {
  const keys = Object.keys(benefits.markets[country].A) as TPaBenefitKey[];
  const sections: TSection[] = [
    {
      heading: 'What we cover',
      paragraphs: [
        `Each section below states what we pay and the sum insured for each insured adult under each plan, in ${currencyName(country)}. Children and adults aged ${PA_REDUCED_BENEFIT_AGES.from} to ${PA_REDUCED_BENEFIT_AGES.to} are covered for the shares stated under "Who is covered". The schedule shows the plan you chose and each insured person’s sums.`,
      ],
    },
  ];
  keys.forEach((key, index) => {
    sections.push({
      heading: `Section ${index + 1}: ${benefits.labels[key]?.[0] ?? key}`,
      level: 2,
      paragraphs: [...BENEFIT_TERMS[key], `Sum insured: ${sumsByPlan(benefits, country, key)}.`],
    });
  });
  return sections;
}

const GENERAL_EXCLUSIONS: TSection = {
  heading: 'Major exclusions',
  paragraphs: [
    'We do not pay any claim caused by, or arising from:',
    '1. sickness, disease or any gradual physical or mental condition, or a pre-existing physical defect or infirmity, unless caused by bodily injury;',
    '2. suicide, attempted suicide or intentional self-injury, while sane or insane;',
    '3. being under the influence of alcohol or drugs not prescribed by a medical practitioner;',
    '4. pregnancy, childbirth or miscarriage;',
    '5. war, invasion, civil war, rebellion or revolution, or nuclear radiation or contamination;',
    '6. service in the armed forces, the police or any fire service;',
    '7. taking part in professional sports, motor racing, speed contests, mountaineering requiring ropes or guides, diving deeper than 30 metres, or flying other than as a fare-paying passenger;',
    '8. working in an occupation of class 4, or in an occupation not declared to us;',
    '9. the insured person’s criminal or unlawful act;',
    '10. any medical expense that is paid by another party or another insurance (we then pay only our share).',
  ],
};

function claimsConditions(country: TCountry): TSection {
  const insurer = INSURER_CONTACTS[country];
  return {
    heading: 'Claims conditions',
    paragraphs: [
      `1. Tell us about a claim within 30 days of the accident, by e-mail to ${insurer.claimsEmail} or through our website, giving the policy number; in the case of death, immediately.`,
      '2. Send us at your own cost the original receipts, medical reports, X-ray reports and any police report. We may ask for a medical examination, or a post-mortem where the law allows, at our cost.',
      '3. The insured person must be under the care of a medical practitioner as soon as possible after the accident and follow the treatment advised.',
      '4. If a claim is fraudulent or exaggerated, we will not pay it and may cancel the policy from the date of the fraud.',
      '5. We pay claims in the currency of the policy, to the policyholder or the insured person, or to the legal personal representative of an insured person who has died.',
    ],
  };
}

function generalConditions(country: TCountry): TSection {
  const disclosure =
    country === 'SGP'
      ? 'Pursuant to Section 25(5) of the Insurance Act 1966, you must disclose in the proposal form fully and faithfully all the facts which you know or ought to know, otherwise the policy may be void.'
      : 'You must tell us fully and truthfully every fact you know, or ought to know, that may affect our decision to insure you or the premium. If you do not, we may reduce or refuse a claim, or treat the policy as void.';
  const ages = ageFacts(country);
  const floor =
    country === 'HKG'
      ? ` The premium after any discount is never less than ${formatMoney(HONG_KONG_MINIMUM_PREMIUM_CENTS, 'HKG')}.`
      : '';
  return {
    heading: 'General conditions',
    paragraphs: [
      `Duty of disclosure. ${disclosure}`,
      `Renewal. We may offer to renew the policy each year at the premium and terms then in force, up to the policy year in which the oldest insured adult reaches ${ages.renewableTo}. A child is covered until the renewal after they pass the child age limit.`,
      `Premium.${floor} ${country === 'SGP' ? `Goods and services tax at ${percent(TAX_TABLE.SGP.basisPoints.PAN)} is added to the premium.` : 'The Insurance Authority levy is added to the premium (see below).'}`,
      'Reasonable care. Each insured person must take reasonable care to avoid injury, as if they were not insured.',
    ],
  };
}

/** The personal accident policy wording of a market, from the benefit schedule and rate table in force. */
export function paPolicyWording(country: TCountry, benefits: TPaBenefits, rates: TPaRateTable): TSection[] {
  return [
    agreement(country),
    definitions(country),
    whoIsCovered(country, benefits, rates),
    occupations(),
    ...coverSections(country, benefits),
    GENERAL_EXCLUSIONS,
    claimsConditions(country),
    generalConditions(country),
    annualCancellation(country),
    ...marketStatements(country, benefits.version),
  ];
}

/** The personal accident brochure of a market; its table of sums per plan is drawn by pdf-documents.ts. */
export function paBrochure(country: TCountry, benefits: TPaBenefits, rates: TPaRateTable): TSection[] {
  const ages = ageFacts(country);
  const market = rates.markets[country];
  const from = formatMoney(market.adultAnnual['01'].A, country);
  const tax =
    country === 'SGP' ? `before ${percent(TAX_TABLE.SGP.basisPoints.PAN)} GST` : 'before the IA levy';
  const death = benefits.markets[country];
  return [
    {
      heading: 'Protection against accidents, around the clock',
      paragraphs: [
        `Annual cover, anywhere in the world, 24 hours a day, for you, your spouse and your children. Four plans, A to D, with accidental death and permanent disablement cover from ${formatMoney(death.A.accidentalDeath, country)} to ${formatMoney(death.D.accidentalDeath, country)}; an office worker pays from ${from} a year for Plan A (${tax}).`,
        `Family plan: up to ${market.freeChildren} children covered free, and ${percent(market.familyDiscountBasisPoints)} off when your spouse or children are on the policy.`,
      ],
    },
    {
      heading: 'Optional covers for each adult',
      paragraphs: [
        `${market.optionalCovers.PRX?.label ?? 'PRX'} (+${percent(market.optionalCovers.PRX?.basisPoints ?? 0)} of the adult’s premium): twice the hospital cash.`,
        `${market.optionalCovers.TTD?.label ?? 'TTD'} (+${percent(market.optionalCovers.TTD?.basisPoints ?? 0)}): a weekly benefit after ${PA_TERMS.ttdWaitingDays} days, up to ${PA_TERMS.ttdMaxEarningsPercent}% of weekly earnings, for up to ${PA_TERMS.ttdMaxWeeks} weeks.`,
      ],
    },
    {
      heading: 'Who can apply',
      paragraphs: [
        `Adults from ${ages.adultFrom} old to ${ages.adultTo}${ages.renewableTo > ages.adultTo ? `, renewable to ${ages.renewableTo}` : ''}; children from ${ages.childFrom} to ${ages.childTo}, or to ${ages.studentTo} in full-time education. ${country === 'SGP' ? 'Singapore citizens, permanent residents and long-term pass holders.' : `Claims of more than ${formatMoney(HONG_KONG_CLAIMS_LIMIT_CENTS, 'HKG')} in the last 3 years: please see a licensed insurance agent.`}`,
        `Adults aged ${PA_REDUCED_BENEFIT_AGES.from} to ${PA_REDUCED_BENEFIT_AGES.to} are covered for ${percent(benefits.rules.seniorBasisPoints)} of the accidental death, disablement and medical expenses sums; children for ${percent(benefits.rules.childBasisPoints)} of the death and disablement sums.`,
      ],
    },
    {
      heading: 'Occupations',
      paragraphs: [
        'Occupation classes 1 and 2: Plans A to D. Class 3 (manual work without cutting machinery): Plans A to C. Class 4 (manual work with cutting machines) is not covered. If your occupation is not on our list, please contact your licensed insurance agent.',
      ],
    },
    {
      heading: 'Major exclusions',
      paragraphs: [
        'Sickness and disease; pre-existing physical defects; suicide and self-inflicted injury; pregnancy; war; class 4 occupations; professional sports and hazardous activities; injuries under the influence of alcohol or drugs. The policy wording lists every exclusion.',
      ],
    },
  ];
}
