import { compareDates, daysBetween, parseDmy, type TLocalDate } from '../dates/local-date.ts';
import type { TCountry } from '../market/market.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * Occupations (pa-home-payments section 3): codes 01–04 are classes, 05–1A individual jobs that map
 * to a class; "Others" sends the customer to an agent; class 04 is declined; class 03 has no plan D.
 */
export type TOccupationClass = '01' | '02' | '03' | '04';

export type TOccupation = {
  code: string;
  labelEn: string;
  labelZh: string;
  occupationClass: TOccupationClass | null;
};

export const OTHERS_OCCUPATION = 'OT';

export const OCCUPATIONS: TOccupation[] = [
  {
    code: '01',
    labelEn: 'Class 1: sedentary, indoor work',
    labelZh: '第一类:室内文职工作',
    occupationClass: '01',
  },
  {
    code: '02',
    labelEn: 'Class 2: outdoor or supervisory work',
    labelZh: '第二类:户外或督导工作',
    occupationClass: '02',
  },
  {
    code: '03',
    labelEn: 'Class 3: manual work without cutting machinery',
    labelZh: '第三类:不使用切割机械的体力工作',
    occupationClass: '03',
  },
  {
    code: '04',
    labelEn: 'Class 4: manual work with cutting machines',
    labelZh: '第四类:使用切割机械的体力工作',
    occupationClass: '04',
  },
  {
    code: '05',
    labelEn: 'Office worker, accountant, teacher',
    labelZh: '文员、会计、教师',
    occupationClass: '01',
  },
  { code: '06', labelEn: 'Doctor, nurse, pharmacist', labelZh: '医生、护士、药剂师', occupationClass: '01' },
  {
    code: '07',
    labelEn: 'Engineer (office), IT professional',
    labelZh: '工程师(办公室)、资讯科技专业人员',
    occupationClass: '01',
  },
  {
    code: '08',
    labelEn: 'Homemaker, student, retiree',
    labelZh: '家庭主妇、学生、退休人士',
    occupationClass: '01',
  },
  {
    code: '09',
    labelEn: 'Sales representative, property agent',
    labelZh: '销售代表、房地产经纪',
    occupationClass: '02',
  },
  { code: '10', labelEn: 'Site supervisor, surveyor', labelZh: '工地督导、测量师', occupationClass: '02' },
  { code: '11', labelEn: 'Delivery rider, driver', labelZh: '送货骑手、司机', occupationClass: '03' },
  { code: '12', labelEn: 'Chef, cook', labelZh: '厨师', occupationClass: '03' },
  {
    code: '13',
    labelEn: 'Electrician, plumber, mechanic',
    labelZh: '电工、水管工、技工',
    occupationClass: '03',
  },
  {
    code: '14',
    labelEn: 'Construction worker using power tools',
    labelZh: '使用电动工具的建筑工人',
    occupationClass: '04',
  },
  {
    code: '15',
    labelEn: 'Woodworker, sawmill operator',
    labelZh: '木工、锯木厂操作员',
    occupationClass: '04',
  },
  { code: '1A', labelEn: 'Offshore or demolition worker', labelZh: '海上或拆卸工人', occupationClass: '04' },
  { code: OTHERS_OCCUPATION, labelEn: 'Others', labelZh: '其他', occupationClass: null },
];

export function occupationClassOf(code: string): TOccupationClass | null {
  return OCCUPATIONS.find((occupation) => occupation.code === code)?.occupationClass ?? null;
}

/** The occupation field's message (pa-home-payments section 5): required; Others → agent; class 04 → declined. */
export function validateOccupation(code: string | null | undefined): string | null {
  if (!code) return MESSAGE_KEYS.occupationRequired;
  if (code === OTHERS_OCCUPATION) return MESSAGE_KEYS.occupationOthers;
  const occupationClass = occupationClassOf(code);
  if (occupationClass === null) return MESSAGE_KEYS.occupationRequired;
  return occupationClass === '04' ? MESSAGE_KEYS.occupationDeclined : null;
}

/** Occupation 03 (for the individual or either adult) removes the fourth plan card (travel-flow section 4). */
export function isPlanDOffered(occupationCodes: string[]): boolean {
  return !occupationCodes.some((code) => occupationClassOf(code) === '03');
}

/** The quote is produced only after the risk-statement box is ticked (pa-home-payments section 4). */
export function validateRiskStatement(ticked: boolean): string | null {
  return ticked ? null : MESSAGE_KEYS.riskStatementRequired;
}

/** Dependent children: a number, at most 18 in Hong Kong; Singapore offers 0 to 9 (pa-home-payments section 5). */
export function validateDependentChildren(value: string, country: TCountry): string | null {
  if (!/^\d+$/.test(value.trim())) return MESSAGE_KEYS.dependentChildrenNumber;
  const maximum = country === 'HKG' ? 18 : 9;
  return Number(value) <= maximum ? null : MESSAGE_KEYS.dependentChildrenMaximum;
}

/** Singapore PA: citizens, permanent residents and long-term pass holders (pa-home-payments section 5). */
export const SINGAPORE_RESIDENCY = ['CITIZEN', 'PERMANENT_RESIDENT', 'LONG_TERM_PASS', 'OTHER'] as const;
export type TResidency = (typeof SINGAPORE_RESIDENCY)[number];

export function validateResidency(
  country: TCountry,
  residency: TResidency | null | undefined,
): string | null {
  if (country !== 'SGP') return null;
  if (!residency) return MESSAGE_KEYS.residencyRequired;
  return residency === 'OTHER' ? MESSAGE_KEYS.residencyNotEligible : null;
}

/** Hong Kong PA: claims over HK$3,000 in the last 3 years require an agent (pa-home-payments section 5). */
export const HONG_KONG_CLAIMS_LIMIT_CENTS = 300_000;

export function validateClaimsHistory(
  country: TCountry,
  largestClaimInThreeYearsCents: number,
): string | null {
  return country === 'HKG' && largestClaimInThreeYearsCents > HONG_KONG_CLAIMS_LIMIT_CENTS
    ? MESSAGE_KEYS.claimsReferToAgent
    : null;
}

/** Effective date: required, from today to 90 days ahead (pa-home-payments section 5). */
export function validateEffectiveDate(value: string, today: TLocalDate): string | null {
  if (value.trim() === '') return MESSAGE_KEYS.effectiveDateRequired;
  const date = parseDmy(value.trim());
  if (!date) return MESSAGE_KEYS.birthDateInvalid;
  return compareDates(date, today) < 0 || daysBetween(today, date) > 90
    ? MESSAGE_KEYS.effectiveDateOutOfRange
    : null;
}
