import { parseDmy, type TLocalDate } from '../dates/local-date.ts';
import { type TProduct, validateDateOfBirth } from '../eligibility/ages.ts';
import {
  findDuplicates,
  validateClientType,
  validateCompany,
  validateCountryCode,
  validateEmail,
  validateFullName,
  validateMobile,
} from '../eligibility/people.ts';
import { listAddressErrors, validateContentsSum } from '../home/home-model.ts';
import { validateIdNumber } from '../identity/id-number.ts';
import type { TCountry } from '../market/market.ts';
import {
  validateDependentChildren,
  validateEffectiveDate,
  validateOccupation,
  validateResidency,
  validateRiskStatement,
} from '../pa/occupation.ts';
import type { TApplicant, TPolicy } from '../schemas/policy-schema.ts';
import { validateTravellers, validateTrip } from '../travel/trip-rules.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * The whole policy checked with the field rules, as the screens check it (travel-flow section 5,
 * pa-home-payments section 5), so the server refuses what the form would have refused:
 * - `quote`: what the landing (and, for personal accident, the occupation and effective-date pages)
 *   asks for — trip, travellers, occupations, risk statement, effective date;
 * - `apply`: that, plus the applicant and every insured person (names, ID numbers, dates of birth,
 *   contact details, duplicates).
 * The first failure is returned with the field's path in the policy and the spec's message key.
 * Refusals of a well-formed policy (declined occupation, blacklist) are not field errors: see refusals.ts.
 */
export type TStage = 'quote' | 'apply';
export type TFieldError = { field: string; messageKey: string };

const fail = (field: string, messageKey: string | null): TFieldError | null =>
  messageKey === null ? null : { field, messageKey };

/** Every check's failure, at most one per field: a field shows the first of its rules that fails. */
function allOf(...checks: (() => TFieldError | null)[]): TFieldError[] {
  const errors: TFieldError[] = [];
  for (const check of checks) {
    const error = check();
    if (error && !errors.some((known) => known.field === error.field)) errors.push(error);
  }
  return errors;
}

type TPerson = { fullName: string; idType: 'NRIC' | 'HKID' | 'PASSPORT'; hkId: string; dateOfBirth: string };

type TPersonAge = {
  product: TProduct;
  country: TCountry;
  role: 'applicant' | 'adult' | 'child';
  on: TLocalDate;
};
type TPersonOptions = { fullTimeStudent?: boolean; idCheckedForTypes?: readonly string[] };

/** Name, ID and date of birth of one insured person: each field's first failure. */
function listPersonErrors(
  path: string,
  person: TPerson,
  age: TPersonAge,
  options: TPersonOptions = {},
): TFieldError[] {
  const checked = options.idCheckedForTypes ?? ['NRIC', 'HKID', 'PASSPORT'];
  return allOf(
    () => fail(`${path}.fullName`, validateFullName(person.fullName)),
    () => fail(`${path}.hkId`, person.hkId.trim() === '' ? MESSAGE_KEYS.required : null),
    () =>
      fail(
        `${path}.hkId`,
        checked.includes(person.idType) ? validateIdNumber(person.idType, person.hkId) : null,
      ),
    () =>
      fail(
        `${path}.dateOfBirth`,
        validateDateOfBirth({
          ...age,
          dateOfBirth: person.dateOfBirth,
          fullTimeStudent: options.fullTimeStudent ?? false,
        }),
      ),
  );
}

/** The policyholder: personal (name, ID, age 18–70) or corporate (company name and UEN), and contact details. */
function listApplicantErrors(
  path: string,
  applicant: TApplicant | undefined,
  age: { product: TProduct; country: TCountry; on: TLocalDate },
  today: TLocalDate,
): TFieldError[] {
  if (!applicant) return [{ field: path, messageKey: MESSAGE_KEYS.required }];
  const company =
    applicant.clientType === 'C' ? validateCompany(applicant.fullName, applicant.uen ?? '', today) : {};
  const identity =
    applicant.clientType === 'C'
      ? allOf(
          () => fail(`${path}.fullName`, company.companyName ?? null),
          () => fail(`${path}.uen`, company.uen ?? null),
        )
      : listPersonErrors(path, applicant, { ...age, role: 'applicant' });
  return [
    ...allOf(() => fail(`${path}.clientType`, validateClientType(applicant.clientType))),
    ...identity,
    ...allOf(
      () => fail(`${path}.mobileNoCountryCode`, validateCountryCode(applicant.mobileNoCountryCode)),
      () => fail(`${path}.mobileNo`, validateMobile(applicant.mobileNo)),
      () => fail(`${path}.email`, validateEmail(applicant.email)),
    ),
  ];
}

/** Duplicate ID numbers and names: the later person is flagged, ID before name. */
function listDuplicates(people: { path: string; fullName: string; idNumber: string }[]): TFieldError[] {
  const errors: TFieldError[] = [];
  for (const [index, flag] of findDuplicates(people).entries()) {
    if (flag.idNumber) errors.push({ field: `${people[index]!.path}.hkId`, messageKey: flag.idNumber });
    if (flag.fullName) errors.push({ field: `${people[index]!.path}.fullName`, messageKey: flag.fullName });
  }
  return errors;
}

/**
 * Every field error of a travel policy at `stage`, at most one per field, in the order `validatePolicy`
 * reports them (it reports the first): the applicant page shows them all at once. A broken trip or
 * traveller count is reported alone, since the people cannot be checked without it.
 */
export function listTravelErrors(policy: TPolicy, stage: TStage, today: TLocalDate): TFieldError[] {
  const travel = policy.policyTravel;
  if (!travel) return [{ field: 'policyTravel', messageKey: MESSAGE_KEYS.required }];
  const departure = parseDmy(travel.deptDate);
  if (!departure) return [{ field: 'policyTravel.deptDate', messageKey: MESSAGE_KEYS.invalidDeparture }];
  const returnDate = parseDmy(travel.returnDate);
  if (travel.paPolicyType === 'S' && !returnDate)
    return [{ field: 'policyTravel.returnDate', messageKey: MESSAGE_KEYS.invalidDuration }];
  const trip = validateTrip({
    departure,
    returnDate: returnDate ?? departure,
    tripType: travel.paPolicyType,
    today,
  });
  if (trip) return [{ field: `policyTravel.${trip.field}`, messageKey: trip.messageKey }];
  const travellers = {
    travellerType: travel.travellerType,
    individuals: travel.travellerIndividual,
    adults: travel.travellerAdult,
    children: travel.travellerChild,
  };
  const counts = validateTravellers(travellers);
  if (counts) return [{ field: 'policyTravel.travellerType', messageKey: counts }];
  if (stage === 'quote') return [];

  const age = { product: 'PTR' as const, country: policy.country, on: departure };
  const errors = listApplicantErrors('policyTravel.applicant', travel.applicant, age, today);
  if (!travel.applicant) return errors;
  const family = travel.travellerType === 'FM';
  const expectedAdults = family ? travel.travellerAdult : travel.travellerIndividual;
  const expectedChildren = family ? travel.travellerChild : 0;
  const list = travel.travellersList;
  const adults = list.filter((traveller) => traveller.type === 'ADULT').length;
  if (adults !== expectedAdults || list.length - adults !== expectedChildren) {
    return [...errors, { field: 'policyTravel.travellersList', messageKey: MESSAGE_KEYS.travellerRequired }];
  }
  for (const [index, traveller] of list.entries()) {
    errors.push(
      ...listPersonErrors(
        `policyTravel.travellersList.${index}`,
        traveller,
        { ...age, role: traveller.type === 'CHILD' ? 'child' : 'adult' },
        { fullTimeStudent: traveller.fullTimeStudent === 'YES' },
      ),
    );
  }
  // The applicant who travels is the first insured row itself, not a second person.
  const applicant = travel.applicant;
  const people = list.map((traveller, index) => ({
    path: `policyTravel.travellersList.${index}`,
    fullName: traveller.fullName,
    idNumber: traveller.hkId,
  }));
  if (applicant.clientType === 'P' && travel.isTraveller === false) {
    people.unshift({
      path: 'policyTravel.applicant',
      fullName: applicant.fullName,
      idNumber: applicant.hkId,
    });
  }
  // A field already wrong shows that first; a duplicate is only news on an otherwise valid field.
  for (const duplicate of listDuplicates(people)) {
    if (!errors.some((known) => known.field === duplicate.field)) errors.push(duplicate);
  }
  return errors;
}

/** A personal accident person's name is its lastName field (pa-home-payments section 3). */
const lastNameField = (error: TFieldError): TFieldError =>
  error.field.endsWith('.fullName')
    ? { ...error, field: error.field.replace(/\.fullName$/, '.lastName') }
    : error;

function listPersonalAccidentErrors(policy: TPolicy, stage: TStage, today: TLocalDate): TFieldError[] {
  const pa = policy.policyPAN;
  if (!pa) return [{ field: 'policyPAN', messageKey: MESSAGE_KEYS.required }];
  const family = pa.insuredPersonType === 'family';
  const adultCount = family ? pa.family.numberOfAdults : 1;
  const childCount = family ? pa.family.noOfChildren : 0;
  const adults = [pa.insured.adult1, pa.insured.adult2].slice(0, adultCount);
  const occupationError = (code: string | undefined) => {
    const key = validateOccupation(code);
    // A class-04 occupation is well-formed input that is declined: a refusal, not a field error.
    return key === MESSAGE_KEYS.occupationDeclined ? null : key;
  };
  const quoteErrors = allOf(
    ...adults.map(
      (adult, index) => () =>
        fail(
          `policyPAN.insured.adult${index + 1}.occupation`,
          adult ? occupationError(adult.occupation) : MESSAGE_KEYS.occupationRequired,
        ),
    ),
    () =>
      fail(
        'policyPAN.family.noOfChildren',
        validateDependentChildren(String(pa.family.noOfChildren), policy.country),
      ),
    () => fail('policyPAN.riskStatementDeclared', validateRiskStatement(pa.riskStatementDeclared)),
    () => fail('policyPAN.effectiveDate', validateEffectiveDate(pa.effectiveDate, today)),
    // Residency OTHER and a Hong Kong claim over HK$3,000 are refusals of a well-formed answer, not field
    // errors (design section 5): `paRefusal` in rate-policy.ts answers them.
    () =>
      fail(
        'policyPAN.residency',
        pa.residency === 'OTHER' ? null : validateResidency(policy.country, pa.residency),
      ),
  );
  if (quoteErrors.length > 0 || stage === 'quote') return quoteErrors;

  const on = parseDmy(pa.effectiveDate)!;
  const age = { product: 'PAN' as const, country: policy.country, on };
  const errors = listApplicantErrors('policyPAN.applicant', pa.applicant, age, today);
  const people: { path: string; fullName: string; idNumber: string }[] = [];
  for (const [index, adult] of adults.entries()) {
    const path = `policyPAN.insured.adult${index + 1}`;
    if (!adult) continue;
    const person = { ...adult, fullName: adult.lastName };
    errors.push(...listPersonErrors(path, person, { ...age, role: 'adult' }).map(lastNameField));
    people.push({ path, fullName: person.fullName, idNumber: person.hkId });
  }
  if (pa.insured.children.length !== childCount) {
    errors.push({ field: 'policyPAN.insured.children', messageKey: MESSAGE_KEYS.dependentChildrenNumber });
    return errors;
  }
  for (const [index, child] of pa.insured.children.entries()) {
    const path = `policyPAN.insured.children.${index}`;
    const person = { ...child, fullName: child.lastName };
    // For personal accident children the ID check applies only to type NRIC (travel-flow section 5).
    errors.push(
      ...listPersonErrors(
        path,
        person,
        { ...age, role: 'child' },
        { fullTimeStudent: child.fullTimeStudent === 'YES', idCheckedForTypes: ['NRIC'] },
      ).map(lastNameField),
    );
    people.push({ path, fullName: person.fullName, idNumber: person.hkId });
  }
  // A field already wrong shows that first; a duplicate is news on an otherwise valid field, on the page
  // of the later person (a spouse who repeats the applicant is flagged on the spouse, with or without children).
  for (const duplicate of listDuplicates(people).map(lastNameField)) {
    if (!errors.some((known) => known.field === duplicate.field)) errors.push(duplicate);
  }
  return errors;
}

/**
 * Home (decision 057). Quote: start date, the dwelling as the market rates it (Singapore HDB flat type;
 * Hong Kong floor area and building age), the contents sum within the market's range, each optional
 * cover once. Apply: the policyholder (18–70, as personal accident) and the insured address — Singapore
 * block or house number, street and a 6-digit postal code; Hong Kong flat/floor/block, street and district.
 */
function listHomeErrors(policy: TPolicy, stage: TStage, today: TLocalDate): TFieldError[] {
  const home = policy.policyHome;
  if (!home) return [{ field: 'policyHome', messageKey: MESSAGE_KEYS.required }];
  const hongKong = policy.country === 'HKG';
  const quoteErrors = allOf(
    () => fail('policyHome.effectiveDate', validateEffectiveDate(home.effectiveDate, today)),
    () =>
      fail(
        'policyHome.hdbFlatType',
        !hongKong && home.dwellingType === 'HDB' && !home.hdbFlatType ? MESSAGE_KEYS.selectValue : null,
      ),
    () => fail('policyHome.floorArea', hongKong && !home.floorArea ? MESSAGE_KEYS.selectValue : null),
    () => fail('policyHome.buildingAge', hongKong && !home.buildingAge ? MESSAGE_KEYS.selectValue : null),
    () => fail('policyHome.contentsSumInsured', validateContentsSum(policy.country, home.contentsSumInsured)),
    () =>
      fail(
        'policyHome.optionalCovers',
        new Set(home.optionalCovers).size === home.optionalCovers.length ? null : MESSAGE_KEYS.selectValue,
      ),
  );
  if (quoteErrors.length > 0 || stage === 'quote') return quoteErrors;
  const on = parseDmy(home.effectiveDate)!;
  // A home policyholder is held to the same 18–70 applicant band as personal accident.
  return [
    ...listApplicantErrors(
      'policyHome.applicant',
      home.applicant,
      { product: 'PAN', country: policy.country, on },
      today,
    ),
    ...listAddressErrors(policy.country, home).map(({ part, messageKey }) => ({
      field: `policyHome.${part}`,
      messageKey,
    })),
  ];
}

/**
 * Every field error of the policy at `stage`, at most one per field, in the order the pages ask: the
 * pages show them all at once, the API names them all in its 400 (`errors`) and the first as `field`.
 */
export function listPolicyErrors(policy: TPolicy, stage: TStage, today: TLocalDate): TFieldError[] {
  if (policy.productType === 'PTR') return listTravelErrors(policy, stage, today);
  if (policy.productType === 'PAN') return listPersonalAccidentErrors(policy, stage, today);
  return listHomeErrors(policy, stage, today);
}

/** The first field error of the policy at `stage` (`listPolicyErrors` gives them all). */
export function validatePolicy(policy: TPolicy, stage: TStage, today: TLocalDate): TFieldError | null {
  return listPolicyErrors(policy, stage, today)[0] ?? null;
}
