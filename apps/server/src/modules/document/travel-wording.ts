import { AGE_LIMITS } from '@lionrock/domain/eligibility/ages';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import {
  type TBenefitValue,
  type TTravelBenefits,
  travelCoverTable,
} from '@lionrock/domain/rating/benefits/benefit-schedules';
import { TAX_TABLE } from '@lionrock/domain/tax/tax';
import { TRIP_LIMITS } from '@lionrock/domain/travel/trip-rules';
import { travelCancellation } from './cancellation-clauses.ts';
import type { TSection } from './wording-section.ts';

/**
 * The travel policy wording of a market (decision 043): definitions, one cover section per benefit of the
 * benefit schedule with its limits read from the schedule’s data, general exclusions, claims conditions,
 * cancellation with the market’s free-look period, and the statements the market’s law asks an insurer
 * to make. Specimen wording of the demonstration insurer "Lionrock"; it names no real insurer.
 */
export function travelPolicyWording(country: TCountry, benefits: TTravelBenefits): TSection[] {
  return [
    ...agreement(country),
    DEFINITIONS,
    ...coverSections(country, benefits),
    GENERAL_EXCLUSIONS,
    ...claimsConditions(country),
    ...generalConditions(country),
    travelCancellation(country),
    ...marketStatements(country, benefits.version),
  ];
}

/**
 * The market's statutory statements and what the document is: every wording ends so, after its own
 * cancellation clause (cancellation-clauses.ts). `edition` is the version of the benefit schedule the
 * wording was written from (decision 091).
 */
export function marketStatements(country: TCountry, edition: string): TSection[] {
  return [...statutoryStatements(country), ...aboutThisDocument(country, edition)];
}

function agreement(country: TCountry): TSection[] {
  const insurer = INSURER_CONTACTS[country];
  return [
    {
      heading: 'Our agreement',
      paragraphs: [
        `This policy is a contract between ${insurer.legalName} ("we", "us", "our") and the policyholder named in the schedule ("you", "your"). In return for the premium paid, we will cover the insured persons named in the schedule for the events described in this wording, during the period of insurance, up to the limits of the plan shown in the schedule.`,
        'The schedule, this wording and any endorsement we issue form one contract and are read together. A word defined below has the same meaning wherever it appears. Headings are for ease of reading only.',
        `24-hour emergency assistance, from anywhere in the world: ${insurer.assistance}. Call it before you are admitted to hospital or evacuated, if you can.`,
      ],
    },
  ];
}

/**
 * Follow-up treatment at home is paid within this many days of return: a term of this wording, not a
 * limit of the shop. The spec's limits (trip length, ages) come from the domain (decision 050).
 */
const MEDICAL_FOLLOW_UP_DAYS = 90;

const DEFINITIONS: TSection = {
  heading: 'Definitions',
  paragraphs: [
    'Accident: a sudden, unforeseen and involuntary event caused by external, violent and visible means.',
    'Bodily injury: injury caused solely and directly by an accident during the journey, independently of any sickness or other cause.',
    `Child: an unmarried child, step-child or legally adopted child of an insured adult who is named in the schedule, under ${AGE_LIMITS.studentMaxYears + 1} years old, who must be in full-time education from the age of ${AGE_LIMITS.childMaxYears + 1}.`,
    'Family: one or two insured adults who are married to each other, and their children, travelling together or separately on the journey.',
    'Home country: the market in which the policy is issued, where the insured person lives and begins and ends the journey.',
    'Insured person: each person named as insured in the schedule.',
    `Journey: a trip that begins when the insured person leaves the home country and ends on their return, or at the end of the period of insurance if earlier. For an annual multi-trip plan, each trip of up to ${TRIP_LIMITS.maxSingleTripDays} days.`,
    'Medical practitioner: a doctor registered and licensed to practise medicine where the treatment is given, who is not the insured person or a close relative.',
    'Close relative: spouse, parent, parent-in-law, grandparent, child, grandchild, brother or sister.',
    'Period of insurance: the dates shown in the schedule, both days included.',
    'Pre-existing condition: any illness, disease or injury for which the insured person received treatment, medication or advice, or had symptoms, in the 12 months before the period of insurance began.',
    'Public conveyance: a licensed aircraft, ship, train, bus or taxi operated by a carrier for fare-paying passengers.',
    'Schedule: the policy schedule we issue with this wording, showing the insured persons, the plan, the period of insurance and the premium.',
    'Sanctioned country: a country or region against which the United Nations, or the home country, applies sanctions that prohibit us from providing cover.',
    'Unattended: left where it can be taken without the insured person being able to prevent it, including in a vehicle left unlocked or with the item visible.',
  ],
};

function money(value: TBenefitValue, country: TCountry): string {
  if (value === 'UNLIMITED') return 'no limit';
  if (value === 'NOT_COVERED') return 'not covered';
  if (value === 'INCLUDED') return 'included';
  return formatMoney(value, country);
}

/** What each benefit of the schedule pays and on which conditions; the limits come from the schedule. */
const BENEFIT_TERMS: Record<string, string[]> = {
  medical: [
    `We pay the reasonable and necessary medical, surgical, hospital and ambulance expenses incurred overseas as a result of bodily injury or sickness first occurring during the journey, and follow-up treatment in the home country within ${MEDICAL_FOLLOW_UP_DAYS} days of return.`,
    'Treatment must be given by a medical practitioner. We do not pay for treatment that can reasonably wait until the insured person returns home.',
  ],
  evacuation: [
    'If our assistance service decides that an insured person must be moved to the nearest suitable hospital, or brought home, for medical reasons, we arrange and pay for the transport and a medical escort. In the event of death, we pay to return the body or ashes to the home country, or for burial or cremation abroad.',
    'Every evacuation or repatriation must be arranged by our assistance service: we do not pay for one arranged without it, except where this was impossible.',
  ],
  hospitalConfinement: [
    'We pay the daily amount for each complete 24 hours an insured person is confined to hospital overseas as an in-patient because of bodily injury or sickness covered under the medical expenses section, for up to 30 days.',
  ],
  accidentalDeath: [
    'If bodily injury causes an insured person’s death or permanent total disablement within 12 months of the accident, we pay the sum shown. Permanent total disablement means total loss of sight of both eyes, loss of two limbs, or total disablement from any occupation lasting 12 months and beyond hope of improvement.',
    'We pay once for each insured person under this section, whichever of death or disablement comes first.',
  ],
  doubleIndemnity: [
    'If the death or permanent total disablement is caused by an accident while the insured person is travelling as a fare-paying passenger on a public conveyance, we pay this additional sum, on the Super plan only.',
  ],
  pregnancy: [
    'We pay medical expenses overseas for complications of pregnancy first arising during the journey, provided the insured person is not more than 26 weeks pregnant when the journey starts. Normal childbirth and routine antenatal care are not covered.',
  ],
  baggage: [
    'We pay for accidental loss of or damage to the insured person’s baggage and personal effects during the journey, at their value after deduction for wear and tear, within the limit shown. A pair or set of articles counts as one article.',
    'Loss must be reported to the police within 24 hours, or to the carrier before leaving the airport, and a written report obtained. We do not pay for unattended property, money, or items sent separately as cargo.',
  ],
  delay: [
    'If the departure of the insured person’s scheduled public conveyance is delayed by at least 6 hours because of strike, industrial action, adverse weather, natural disaster or mechanical breakdown, we pay the amount shown for each full 6 hours of delay. The carrier’s written confirmation of the delay and its reason is required.',
  ],
  documents: [
    'We pay the cost of replacing a passport, visa or travel ticket lost or stolen during the journey, and the reasonable extra travel and accommodation costs of obtaining replacements. The loss must be reported to the police within 24 hours.',
  ],
  cancellation: [
    'We pay the deposits and charges that cannot be recovered from anyone else if, after the policy was issued, the journey has to be cancelled within 30 days of departure because of the death, serious bodily injury or serious sickness of the insured person or a close relative, the insured person being called as a witness, or serious damage to their home, or an outbreak of strike, riot or natural disaster at the destination.',
    'The cause must not have been known, or reasonably foreseeable, when the policy was bought.',
  ],
  hijack: [
    'If the public conveyance in which the insured person is travelling is hijacked, we pay the amount shown for each full day the insured person is detained.',
  ],
  overbooked: [
    'If the insured person is refused boarding because the scheduled flight is overbooked and no alternative is offered within 6 hours, we pay the amount shown.',
  ],
  liability: [
    'We pay the amounts the insured person becomes legally liable to pay to others for accidental bodily injury or accidental loss of or damage to property during the journey, and the legal costs we agree to in writing.',
    'We do not cover liability to a close relative or employee, liability arising from a vehicle, aircraft or vessel, or from a business, or assumed under a contract. Do not admit liability or offer payment without our written consent.',
  ],
  hotel: [
    'If the hotel in which the insured person is staying cannot provide its facilities because of fire, flood or an outbreak of food poisoning, we pay the extra cost of other accommodation of the same standard.',
  ],
  mobilePhone: [
    'We pay the charges for calls made from the insured person’s mobile phone to our assistance service or to a hospital about a claim under this policy.',
  ],
  homeProtection: [
    'We pay for loss of or damage to the household contents at the insured person’s home in the home country caused by fire, or by theft involving forcible entry, while the insured person is away on the journey.',
  ],
  terrorism: [
    'Despite the general exclusion of war, we cover bodily injury, medical expenses and death caused by an act of terrorism during the journey, under the medical, evacuation and accidental death sections and within their limits. Terrorism involving nuclear, chemical or biological means is not covered.',
  ],
  rentalCar: [
    'If a car rented from a licensed rental company during the journey is damaged or stolen, we pay the excess or deductible the insured person must pay under the rental agreement, provided comprehensive cover was bought from the rental company.',
  ],
  agencyCollapse: [
    'We pay the deposits and charges for the journey paid to a licensed travel agency that cannot be recovered because the agency becomes insolvent after the policy was issued.',
  ],
  covidMedical: [
    'We pay medical expenses overseas if the insured person is diagnosed with COVID-19 by a medical practitioner during the journey, under the terms of the medical expenses section.',
  ],
  covidCancellation: [
    'We pay unrecoverable deposits and charges if the insured person or a travelling companion is diagnosed with COVID-19 within 14 days before departure and cannot travel.',
  ],
  covidQuarantine: [
    'We pay the daily amount for each full day the insured person is ordered into quarantine overseas after a positive COVID-19 test, up to 14 days. Quarantine applied to every arrival at a destination is not covered.',
  ],
};

/** One section per benefit of the travel benefit schedule, numbered, with its Standard and Super limits. */
function coverSections(country: TCountry, benefits: TTravelBenefits): TSection[] {
  const single = travelCoverTable(benefits, country, 'ID');
  const family = travelCoverTable(benefits, country, 'FM');
  const sections: TSection[] = [
    {
      heading: 'What we cover',
      paragraphs: [
        `Each section below states what we pay and the most we pay under it for each insured person, for the Standard and Super plans, in ${country === 'SGP' ? 'Singapore dollars' : 'Hong Kong dollars'}. Where a family plan has its own limit, it is shown too: it is the most we pay for all the family together. The schedule shows the plan you chose.`,
      ],
    },
  ];
  let number = 0;
  single.forEach((group, groupIndex) => {
    for (const [rowIndex, row] of group.rows.entries()) {
      number += 1;
      const familyRow = family[groupIndex]!.rows[rowIndex]!;
      const limits = `Limit: Standard ${money(row.STANDARD, country)}; Super ${money(row.SUPER, country)}.`;
      const familyLimits =
        familyRow.STANDARD !== row.STANDARD || familyRow.SUPER !== row.SUPER
          ? ` Family plan: Standard ${money(familyRow.STANDARD, country)}; Super ${money(familyRow.SUPER, country)}.`
          : '';
      sections.push({
        heading: `Section ${number}: ${row.labelEn}`,
        level: 2,
        paragraphs: [...(BENEFIT_TERMS[row.key] ?? []), `${limits}${familyLimits}`],
      });
    }
  });
  return sections;
}

const GENERAL_EXCLUSIONS: TSection = {
  heading: 'General exclusions',
  paragraphs: [
    'We do not pay any claim caused by, or arising from:',
    '1. a pre-existing condition, unless it is a sudden and unforeseen worsening that our medical adviser accepts;',
    '2. travel against the advice of a medical practitioner, or for the purpose of obtaining medical treatment;',
    '3. travel to a sanctioned country, or against a travel advisory of the home country government in force when the journey began;',
    '4. war, invasion, civil war, rebellion or revolution (except as covered under the terrorism section), or nuclear radiation or contamination;',
    '5. suicide, attempted suicide or intentional self-injury, or being under the influence of alcohol or drugs not prescribed by a medical practitioner;',
    '6. taking part in professional sports, racing, mountaineering requiring ropes or guides, or diving deeper than 30 metres;',
    '7. working in manual labour or in the armed forces during the journey;',
    '8. the insured person’s criminal or unlawful act;',
    '9. baggage left unattended, or loss not reported to the police or carrier as the section requires;',
    '10. any loss for which the insured person is compensated by another party or another insurance (we then pay only our share).',
  ],
};

function claimsConditions(country: TCountry): TSection[] {
  const insurer = INSURER_CONTACTS[country];
  return [
    {
      heading: 'Claims conditions',
      paragraphs: [
        `1. In an emergency abroad, call our 24-hour assistance line (${insurer.assistance}) before being admitted to hospital, where possible.`,
        `2. Tell us about a claim within 30 days of the insured person’s return to the home country, by e-mail to ${insurer.claimsEmail} or through our website, giving the policy number.`,
        '3. Send us at your own cost the original receipts, medical reports, police or carrier reports and any other proof we reasonably ask for. We may ask for a medical examination, or a post-mortem where the law allows, at our cost.',
        '4. Do not admit liability, or offer or promise payment, without our written consent. We may take over and conduct the defence or settlement of any claim in your name.',
        '5. We may recover, in your name, any amount we pay from a party responsible for the loss, and you must help us do so.',
        '6. If a claim is fraudulent or exaggerated, we will not pay it and may cancel the policy from the date of the fraud.',
        '7. We pay claims in the currency of the policy, to the policyholder or the insured person, or to the legal personal representative of an insured person who has died.',
      ],
    },
  ];
}

function generalConditions(country: TCountry): TSection[] {
  const disclosure =
    country === 'SGP'
      ? 'Pursuant to Section 25(5) of the Insurance Act 1966, you must disclose in the proposal form fully and faithfully all the facts which you know or ought to know, otherwise the policy may be void.'
      : 'You must tell us fully and truthfully every fact you know, or ought to know, that may affect our decision to insure you or the premium. If you do not, we may reduce or refuse a claim, or treat the policy as void.';
  return [
    {
      heading: 'General conditions',
      paragraphs: [
        `Duty of disclosure. ${disclosure}`,
        `Eligibility. Each insured person must live in the home country and begin and end the journey there. Cover under an annual multi-trip plan applies to trips of up to ${TRIP_LIMITS.maxSingleTripDays} days each.`,
        'Reasonable care. Each insured person must take reasonable care to avoid injury and loss, and to protect their property, as if they were not insured.',
        'Extension. If the return is delayed for a reason covered by this policy, cover is extended free of charge until the insured person can reasonably return, up to 30 days.',
      ],
    },
  ];
}

function statutoryStatements(country: TCountry): TSection[] {
  const insurer = INSURER_CONTACTS[country];
  if (country === 'SGP') {
    return [
      {
        heading: 'Policy Owners’ Protection Scheme',
        paragraphs: [
          'This policy is protected under the Policy Owners’ Protection Scheme which is administered by the Singapore Deposit Insurance Corporation (SDIC). Coverage for your policy is automatic and no further action is required from you. For more information on the types of benefits that are covered under the scheme as well as the limits of coverage, where applicable, please contact us or visit the General Insurance Association (GIA) or SDIC websites (www.gia.org.sg or www.sdic.org.sg).',
        ],
      },
      {
        heading: 'Complaints and dispute resolution',
        paragraphs: [
          `If you have a complaint, write to our customer service at ${insurer.email} or ${insurer.postalAddress}. We will acknowledge it within 3 working days and reply in full within 14 working days.`,
          'If you are not satisfied with our reply, you may refer the dispute to the Financial Industry Disputes Resolution Centre Ltd (FIDReC), an independent body for the resolution of disputes between financial institutions and consumers: www.fidrec.com.sg. Its services are free of charge to consumers.',
        ],
      },
      {
        heading: 'Personal data',
        paragraphs: [
          `We collect, use and disclose the personal data of the policyholder and the insured persons under the Personal Data Protection Act 2012 (PDPA), to arrange and administer this policy, assess and pay claims, prevent fraud, and meet our legal and regulatory duties. We may disclose it, for these purposes only, to reinsurers, assistance and claims service providers, medical providers, and your agent where there is one, in Singapore or overseas, each bound to protect it to a standard comparable to the PDPA.`,
          `You may ask for access to or correction of your personal data, or withdraw your consent, by writing to our Data Protection Officer at ${insurer.dpoEmail}. If you withdraw consent to a use that the policy needs, we may not be able to continue the policy. Consent to marketing is never a condition of this policy. Our privacy policy is on our website.`,
        ],
      },
      {
        heading: 'Governing law',
        paragraphs: [
          'This policy is governed by the laws of Singapore, and the courts of Singapore have jurisdiction over any dispute.',
        ],
      },
    ];
  }
  const levy = TAX_TABLE.HKG;
  return [
    {
      heading: 'Insurance Authority levy',
      paragraphs: [
        `A levy is payable to the Insurance Authority on this policy, in addition to the premium, at the rate it prescribes: currently ${levy.basisPoints.PTR / 100}% of the premium, up to ${formatMoney(levy.capCents, 'HKG')} per policy. We collect it on the Insurance Authority’s behalf; it is shown separately in the schedule.`,
      ],
    },
    {
      heading: 'Complaints and dispute resolution',
      paragraphs: [
        `If you have a complaint, write to our customer service at ${insurer.email} or ${insurer.postalAddress}. We will acknowledge it within 7 days and reply in full within 30 days.`,
        'If you are not satisfied with our reply, you may refer a claim dispute to the Insurance Complaints Bureau (ICB), an independent body that handles claims-related complaints for policyholders free of charge: www.icb.org.hk. You may also complain about our conduct to the Insurance Authority: www.ia.org.hk.',
      ],
    },
    {
      heading: 'Personal data',
      paragraphs: [
        'We collect and use the personal data of the policyholder and the insured persons under the Personal Data (Privacy) Ordinance (Cap. 486) (PDPO), to arrange and administer this policy, assess and pay claims, prevent fraud, and meet our legal and regulatory duties. Supplying it is obligatory for these purposes: without it we cannot issue the policy or pay a claim.',
        `We may transfer it, for these purposes only, to reinsurers, assistance and claims service providers, medical providers, your agent where there is one, the Insurance Authority and industry fraud-prevention databases, in Hong Kong or elsewhere. You have the right to request access to and correction of your personal data, by writing to our Data Protection Officer at ${insurer.dpoEmail}; we may charge a reasonable fee for a data access request. We will not use your data for direct marketing without your consent.`,
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'This policy is governed by the laws of the Hong Kong Special Administrative Region, and its courts have jurisdiction over any dispute.',
      ],
    },
  ];
}

function aboutThisDocument(country: TCountry, edition: string): TSection[] {
  return [
    {
      heading: 'About this document',
      paragraphs: [
        `Specimen wording of the Lionrock demonstration shop, ${country === 'SGP' ? 'Singapore' : 'Hong Kong'} edition ${edition}. Lionrock and its companies are fictional; the regulators and bodies named above are real and are named as a real insurer would name them.`,
      ],
    },
  ];
}
