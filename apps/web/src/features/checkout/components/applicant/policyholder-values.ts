import { formatDmy, formatIso, parseDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { idTypesFor, type TIdType } from '@lionrock/domain/identity/id-number';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import type { TApplicant } from '@lionrock/domain/schemas/policy-schema';

/**
 * The policyholder's part of every product's applicant form (travel-flow section 3, Applicant;
 * decision 044): a person or a company, mobile with the market prefix (65 or 852), e-mail and its
 * confirmation. Dates as the native date input holds them (YYYY-MM-DD).
 */
export type TPolicyholderValues = {
  clientType: 'P' | 'C';
  fullName: string;
  idType: TIdType;
  hkId: string;
  dateOfBirth: string;
  companyName: string;
  uen: string;
  mobileNoCountryCode: string;
  mobileNo: string;
  email: string;
  emailConfirmed: boolean;
};

/** The policyholder fields a rule's `{part}.applicant.{field}` path shows on. */
export const POLICYHOLDER_FIELDS = [
  'clientType',
  'fullName',
  'idType',
  'hkId',
  'dateOfBirth',
  'uen',
  'mobileNoCountryCode',
  'mobileNo',
  'email',
] as const;

/** A wire date (DD/MM/YYYY) as the date input holds it, and back. */
export const isoOf = (dmy: string | undefined) => {
  const date = dmy ? parseDmy(dmy) : null;
  return date ? formatIso(date) : '';
};
export const dmyOf = (iso: string) => {
  const date = parseIso(iso);
  return date ? formatDmy(date) : '';
};

/** The form's policyholder values from the applicant last sent, else the market's defaults. */
export function policyholderValuesOf(
  applicant: Partial<TApplicant> | undefined,
  country: TCountry,
): TPolicyholderValues {
  const corporate = applicant?.clientType === 'C';
  return {
    clientType: corporate ? 'C' : 'P',
    fullName: corporate ? '' : (applicant?.fullName ?? ''),
    idType: applicant?.idType ?? idTypesFor(country)[0]!,
    hkId: applicant?.hkId ?? '',
    dateOfBirth: isoOf(applicant?.dateOfBirth),
    companyName: corporate ? (applicant.fullName ?? '') : '',
    uen: applicant?.uen ?? '',
    mobileNoCountryCode: applicant?.mobileNoCountryCode ?? MARKETS[country].phonePrefix,
    mobileNo: applicant?.mobileNo ?? '',
    email: applicant?.email ?? '',
    emailConfirmed: applicant?.emailConfirmed ?? false,
  };
}

/**
 * The applicant as the wire carries it: a company's name in fullName with its UEN and no personal ID;
 * what the confirm page set (marketing, auto-renewal) is kept from `previous`.
 */
export function applicantFromValues(
  values: TPolicyholderValues,
  previous: Partial<TApplicant> | undefined,
  country: TCountry,
): TApplicant {
  const personal = values.clientType === 'P';
  return {
    ...(previous as TApplicant | undefined),
    clientType: values.clientType,
    fullName: personal ? values.fullName : values.companyName,
    idType: personal ? values.idType : idTypesFor(country)[0]!,
    hkId: personal ? values.hkId : '',
    dateOfBirth: personal ? dmyOf(values.dateOfBirth) : '',
    uen: personal ? '' : values.uen,
    mobileNoCountryCode: values.mobileNoCountryCode,
    mobileNo: values.mobileNo,
    email: values.email,
    emailConfirmed: values.emailConfirmed,
    directMarketing: previous?.directMarketing ?? 'false',
    hasAutoRenewal: previous?.hasAutoRenewal ?? true,
  };
}

/**
 * Where a rule's `{part}.applicant.{field}` path shows on the form: a company's name is its companyName
 * field; null when the path is not the applicant's.
 */
export function policyholderFieldOf(path: string | undefined, clientType: 'P' | 'C'): string | null {
  const applicant = /^policy(?:Travel|PAN|Home)\.applicant\.(\w+)$/.exec(path ?? '');
  if (!applicant) return null;
  const field = applicant[1]!;
  if (field === 'fullName' && clientType === 'C') return 'companyName';
  return (POLICYHOLDER_FIELDS as readonly string[]).includes(field) ? field : 'root';
}
