import { normaliseForSubmit } from '@lionrock/domain/eligibility/people';
import { idTypesFor, type TIdType } from '@lionrock/domain/identity/id-number';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TApplicant, TTraveller } from '@lionrock/domain/schemas/policy-schema';
import { insuredRows, type TInsuredType, type TTravellers } from '@lionrock/domain/travel/trip-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import {
  applicantFromValues,
  dmyOf,
  isoOf,
  policyholderFieldOf,
  policyholderValuesOf,
  type TPolicyholderValues,
} from '../../../checkout/components/applicant/policyholder-values';
import type { TTravelPolicy } from '../../state/travel-flow-store';

/** One insured row as the form holds it; the date as the native date input does (YYYY-MM-DD). */
export type TInsuredValues = {
  type: TInsuredType;
  fullName: string;
  idType: TIdType;
  hkId: string;
  dateOfBirth: string;
  fullTimeStudent: boolean;
};

/** The applicant page's values (travel-flow section 3, Applicant and Traveller): the checkout's policyholder and the travellers. */
export type TApplicantFormValues = TPolicyholderValues & {
  /** A personal applicant who travels is the first insured row, which then mirrors and locks. */
  isTraveller: boolean;
  insured: TInsuredValues[];
};

/** The applicant's fields that the first insured row mirrors while locked. */
export const MIRRORED_FIELDS = ['fullName', 'idType', 'hkId', 'dateOfBirth'] as const;

export type TTravelPolicyTravel = TTravelPolicy['policyTravel'];

export const travellersOf = (travel: TTravelPolicyTravel): TTravellers => ({
  travellerType: travel.travellerType ?? 'ID',
  individuals: travel.travellerIndividual ?? 0,
  adults: travel.travellerAdult ?? 0,
  children: travel.travellerChild ?? 0,
});

export function emptyInsured(type: TInsuredType, country: TCountry): TInsuredValues {
  return {
    type,
    fullName: '',
    idType: idTypesFor(country)[0]!,
    hkId: '',
    dateOfBirth: '',
    fullTimeStudent: false,
  };
}

/** The locked first row follows the applicant: only the personal applicant who travels locks it. */
export const isLocked = (values: Pick<TApplicantFormValues, 'clientType' | 'isTraveller'>) =>
  values.clientType === 'P' && values.isTraveller;

/**
 * Rows for the quote's travellers, adults first then children, filled from `previous` rows of the same
 * type in order (a draft, or the policy last sent).
 */
export function rowsFor(
  travellers: TTravellers,
  previous: readonly TInsuredValues[],
  country: TCountry,
): TInsuredValues[] {
  const used = { ADULT: 0, CHILD: 0 };
  return insuredRows(travellers).map((type) => {
    const same = previous.filter((row) => row.type === type);
    const row = same[used[type]];
    used[type] += 1;
    return row ? { ...row } : emptyInsured(type, country);
  });
}

/** Where the form starts: a draft of this policy, else what the policy last sent holds, else the defaults. */
export function valuesFromPolicy(
  policy: TTravelPolicy,
  draft: TApplicantFormValues | null,
): TApplicantFormValues {
  const country = policy.country ?? 'SGP';
  const travel = policy.policyTravel;
  const travellers = travellersOf(travel);
  if (draft) return { ...draft, insured: rowsFor(travellers, draft.insured, country) };
  const sent: TInsuredValues[] = (travel.travellersList ?? []).map((row) => ({
    type: row.type,
    fullName: row.fullName ?? '',
    idType: row.idType ?? idTypesFor(country)[0]!,
    hkId: row.hkId ?? '',
    dateOfBirth: isoOf(row.dateOfBirth),
    fullTimeStudent: row.fullTimeStudent === 'YES',
  }));
  const policyholder = policyholderValuesOf(travel.applicant, country);
  return {
    ...policyholder,
    isTraveller: policyholder.clientType === 'P' && travel.isTraveller !== false,
    insured: rowsFor(travellers, sent, country),
  };
}

function travellerOf(row: TInsuredValues, index: number): TTraveller {
  return {
    type: row.type,
    insuredNum: index + 1,
    fullName: row.fullName,
    idType: row.idType,
    hkId: row.hkId,
    dateOfBirth: dmyOf(row.dateOfBirth),
    fullTimeStudent: row.type === 'CHILD' && row.fullTimeStudent ? 'YES' : 'NO',
  };
}

/** The insured rows as sent: the locked first row is the applicant's own details. */
function travellersListOf(values: TApplicantFormValues): TTraveller[] {
  const locked = isLocked(values);
  return values.insured.map((row, index) =>
    travellerOf(
      locked && index === 0
        ? {
            ...row,
            fullName: values.fullName,
            idType: values.idType,
            hkId: values.hkId,
            dateOfBirth: values.dateOfBirth,
          }
        : row,
      index,
    ),
  );
}

/** The whole application as the rules and the server read it (travel-flow section 3). */
export function applicationFromValues(values: TApplicantFormValues, base: TTravelPolicy): TTravelPolicy {
  const travel = base.policyTravel;
  const applicant = applicantFromValues(values, travel.applicant, base.country ?? 'SGP');
  return {
    ...base,
    policyTravel: {
      ...travel,
      isTraveller: isLocked(values),
      applicant,
      travellersList: travellersListOf(values),
    },
  };
}

/** What Continue sends: names and ID numbers upper-cased (travel-flow section 5, Names), the e-mail as typed (decision 131). */
export function submissionFromValues(values: TApplicantFormValues, base: TTravelPolicy): TTravelPolicy {
  const policy = applicationFromValues(values, base);
  const travel = policy.policyTravel;
  return {
    ...policy,
    policyTravel: {
      ...travel,
      applicant: normaliseForSubmit(travel.applicant as TApplicant, ['fullName', 'hkId', 'uen']),
      travellersList: (travel.travellersList as TTraveller[]).map((row) =>
        normaliseForSubmit(row, ['fullName', 'hkId']),
      ),
    },
  };
}

/**
 * The trip with a changed traveller count, as re-rating it needs: no applicant (the page's details may be
 * half typed; the quote-stage rules apply), the rows as far as they are filled (a traveller over 80
 * changes the price), within the wire's lengths.
 */
export function ratingRequestOf(
  base: TTravelPolicy,
  travellers: TTravellers,
  values: TApplicantFormValues,
): TTravelPolicy {
  const { applicant: _applicant, ...travel } = base.policyTravel;
  const family = travellers.travellerType === 'FM';
  return {
    ...base,
    policyTravel: {
      ...travel,
      travellerType: travellers.travellerType,
      travellerIndividual: family ? 0 : travellers.individuals,
      travellerAdult: family ? travellers.adults : 0,
      travellerChild: family ? travellers.children : 0,
      travellersList: travellersListOf(values).map((row) => ({
        ...row,
        fullName: row.fullName.trim().slice(0, 50),
        hkId: row.hkId.trim().slice(0, 50),
      })),
    },
  };
}

/** Where a rule's field path in the policy shows on this form; the locked row's fields are the applicant's. */
export function formFieldOf(
  path: string | undefined,
  messageKey: string,
  values: Pick<TApplicantFormValues, 'clientType' | 'isTraveller'>,
): string {
  const policyholder = policyholderFieldOf(path, values.clientType);
  if (policyholder) return policyholder;
  const row =
    /^policyTravel\.travellersList\.(\d+)\.(fullName|idType|hkId|dateOfBirth|fullTimeStudent)$/.exec(
      path ?? '',
    );
  if (!row) return 'root';
  const index = Number(row[1]);
  const field = row[2]!;
  if (index === 0 && isLocked(values)) return field;
  // A child of 18 or over without the tick: the message belongs to the tick (travel-flow section 4).
  if (messageKey === MESSAGE_KEYS.fullTimeStudentUnchecked) return `insured.${index}.fullTimeStudent`;
  return `insured.${index}.${field}`;
}
