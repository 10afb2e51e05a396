import { COVER_START_WINDOW_DAYS } from '../dates/cover-period.ts';
import { compareDates, daysBetween, parseDmy, type TLocalDate } from '../dates/local-date.ts';
import type { TCountry } from '../market/market.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  isDeclinedClass,
  isPlanOfferedToClass,
  isRatedClass,
  type TOccupationClass,
} from './occupation-classes.ts';
import { HONG_KONG_CLAIMS_LIMIT_CENTS, PA_CHILDREN_LIMITS } from './pa-limits.ts';

/**
 * Occupations (pa-home-payments section 3): codes 01–04 are the classes themselves, 05–1A (hexadecimal,
 * 22 codes) individual jobs each mapped to a class; "Others" sends the customer to an agent; what a
 * class means (declined, plans withheld) is in `occupation-classes.ts`. Each entry is labelled in English, Simplified Chinese (Singapore)
 * and Traditional Chinese (Hong Kong), with the synonyms a customer might type in any of them, so the
 * job search finds "teacher", "護士" or "护士" alike (decision 053).
 */
export type { TOccupationClass };

export type TOccupation = {
  code: string;
  labelEn: string;
  labelZhHans: string;
  labelZhHant: string;
  /** The Simplified label, as `labelZhHans`: kept for pages written before the Traditional one. */
  labelZh: string;
  /** Synonyms in English and both Chinese scripts, lower-case. */
  keywords: readonly string[];
  occupationClass: TOccupationClass | null;
};

/** The language an occupation is shown in: Singapore reads Simplified, Hong Kong Traditional. */
export type TOccupationLanguage = 'en' | 'zh-Hans' | 'zh-Hant';

export const OTHERS_OCCUPATION = 'OT';

function entry(
  code: string,
  occupationClass: TOccupationClass | null,
  labelEn: string,
  labelZhHans: string,
  labelZhHant: string,
  keywords: string[],
): TOccupation {
  return { code, labelEn, labelZhHans, labelZhHant, labelZh: labelZhHans, keywords, occupationClass };
}

export const OCCUPATIONS: readonly TOccupation[] = [
  entry('01', '01', 'Class 1: sedentary, indoor work', '第一类：室内文职工作', '第一類：室內文職工作', [
    'class 1',
    'sedentary',
    'indoor',
    '一类',
    '文职',
    '一類',
    '文職',
  ]),
  entry(
    '02',
    '02',
    'Class 2: outdoor or supervisory work',
    '第二类：户外或督导工作',
    '第二類：戶外或督導工作',
    ['class 2', 'outdoor', 'supervisory', '二类', '户外', '督导', '二類', '戶外', '督導'],
  ),
  entry(
    '03',
    '03',
    'Class 3: manual work without cutting machinery',
    '第三类：不使用切割机械的体力工作',
    '第三類：不使用切割機械的體力工作',
    ['class 3', 'manual', '三类', '体力', '三類', '體力'],
  ),
  entry(
    '04',
    '04',
    'Class 4: manual work with cutting machines',
    '第四类：使用切割机械的体力工作',
    '第四類：使用切割機械的體力工作',
    ['class 4', 'cutting machine', '四类', '切割机械', '四類', '切割機械'],
  ),
  entry('05', '01', 'Office clerk or administrator', '文员或行政人员', '文員或行政人員', [
    'clerk',
    'office worker',
    'administrator',
    'secretary',
    'receptionist',
    'admin',
    '文员',
    '行政',
    '秘书',
    '接待员',
    '办公室',
    '文員',
    '秘書',
    '接待員',
    '辦公室',
  ]),
  entry('06', '01', 'Teacher or lecturer', '教师或讲师', '教師或講師', [
    'teacher',
    'lecturer',
    'tutor',
    'professor',
    'educator',
    '教师',
    '老师',
    '讲师',
    '教授',
    '导师',
    '教師',
    '老師',
    '講師',
    '導師',
  ]),
  entry('07', '01', 'Nurse', '护士', '護士', [
    'nurse',
    'nursing',
    'midwife',
    '护士',
    '护理',
    '助产士',
    '護士',
    '護理',
    '助產士',
  ]),
  entry('08', '01', 'Accountant or auditor', '会计师或核数师', '會計師或核數師', [
    'accountant',
    'auditor',
    'bookkeeper',
    'finance',
    '会计',
    '核数师',
    '审计',
    '簿记',
    '财务',
    '會計',
    '核數師',
    '審計',
    '簿記',
    '財務',
  ]),
  entry(
    '09',
    '01',
    'IT professional or software engineer',
    '资讯科技人员或软件工程师',
    '資訊科技人員或軟件工程師',
    [
      'it',
      'programmer',
      'developer',
      'software engineer',
      'computer',
      '资讯科技',
      '程序员',
      '软件',
      '电脑',
      '工程师',
      '資訊科技',
      '程序員',
      '軟件',
      '電腦',
      '工程師',
    ],
  ),
  entry('0A', '01', 'Doctor or dentist', '医生或牙医', '醫生或牙醫', [
    'doctor',
    'physician',
    'dentist',
    'surgeon',
    'gp',
    '医生',
    '牙医',
    '医师',
    '外科',
    '醫生',
    '牙醫',
    '醫師',
  ]),
  entry('0B', '01', 'Homemaker', '家庭主妇或主夫', '家庭主婦或主夫', [
    'homemaker',
    'housewife',
    'househusband',
    'stay at home',
    '家庭主妇',
    '主妇',
    '主夫',
    '持家',
    '家庭主婦',
    '主婦',
  ]),
  entry('0C', '01', 'Full-time student', '全日制学生', '全日制學生', [
    'student',
    'pupil',
    'undergraduate',
    '学生',
    '大学生',
    '學生',
    '大學生',
  ]),
  entry('0D', '01', 'Retiree', '退休人士', '退休人士', ['retiree', 'retired', 'pensioner', '退休']),
  entry('0E', '02', 'Sales representative', '销售代表', '銷售代表', [
    'sales',
    'salesman',
    'saleswoman',
    'salesperson',
    '销售',
    '推销员',
    '营业代表',
    '銷售',
    '推銷員',
    '營業代表',
  ]),
  entry('0F', '02', 'Property agent', '地产代理', '地產代理', [
    'property agent',
    'real estate',
    'realtor',
    'estate agent',
    '地产',
    '房地产',
    '物业',
    '经纪',
    '地產',
    '房地產',
    '物業',
    '經紀',
  ]),
  entry('10', '02', 'Site supervisor or surveyor', '工地督导员或测量师', '工地督導員或測量師', [
    'site supervisor',
    'foreman',
    'surveyor',
    'inspector',
    '督导',
    '工头',
    '测量师',
    '巡查',
    '督導',
    '工頭',
    '測量師',
  ]),
  entry('11', '02', 'Security guard', '保安员', '保安員', [
    'security guard',
    'guard',
    'watchman',
    '保安',
    '护卫',
    '看更',
    '護衞',
  ]),
  entry('12', '03', 'Chef or cook', '厨师', '廚師', [
    'chef',
    'cook',
    'kitchen',
    '厨师',
    '厨房',
    '煮食',
    '廚師',
    '廚房',
  ]),
  entry('13', '03', 'Driver (taxi, bus or lorry)', '司机（的士、巴士或货车）', '司機（的士、巴士或貨車）', [
    'driver',
    'taxi',
    'bus',
    'lorry',
    'truck',
    'chauffeur',
    '司机',
    '的士',
    '出租车',
    '巴士',
    '货车',
    '司機',
    '出租車',
    '貨車',
  ]),
  entry('14', '03', 'Delivery rider', '送货骑手', '送貨騎手', [
    'delivery',
    'rider',
    'courier',
    'dispatch',
    'food delivery',
    '送货',
    '外卖',
    '速递',
    '骑手',
    '快递',
    '送貨',
    '外賣',
    '速遞',
    '騎手',
    '快遞',
  ]),
  entry('15', '03', 'Electrician', '电工', '電工', [
    'electrician',
    'wireman',
    '电工',
    '电器技工',
    '電工',
    '電器技工',
  ]),
  entry('16', '03', 'Plumber or mechanic', '水管工或机械技工', '水管工或機械技工', [
    'plumber',
    'mechanic',
    'technician',
    '水管',
    '技工',
    '维修',
    '維修',
  ]),
  entry('17', '03', 'Fisherman', '渔民', '漁民', [
    'fisherman',
    'fisher',
    'fishing',
    '渔民',
    '渔夫',
    '捕鱼',
    '漁民',
    '漁夫',
    '捕魚',
  ]),
  entry(
    '18',
    '04',
    'Construction worker using power tools',
    '使用电动工具的建筑工人',
    '使用電動工具的建築工人',
    ['construction', 'builder', 'labourer', 'laborer', '建筑', '地盘', '工人', '建造', '建築', '地盤'],
  ),
  entry('19', '04', 'Carpenter using power saws', '使用电锯的木工', '使用電鋸的木工', [
    'carpenter',
    'woodworker',
    'sawmill',
    'joiner',
    '木工',
    '木匠',
    '电锯',
    '锯木',
    '電鋸',
    '鋸木',
  ]),
  entry('1A', '04', 'Offshore or demolition worker', '海上或拆卸工人', '海上或拆卸工人', [
    'offshore',
    'oil rig',
    'demolition',
    '海上',
    '钻油台',
    '拆卸',
    '拆楼',
    '鑽油台',
    '拆樓',
  ]),
  entry(OTHERS_OCCUPATION, null, 'Others', '其他', '其他', ['other', 'others', 'not listed', '其他', '其它']),
];

/** The "Others" entry: no class; choosing it sends the customer to an agent (pa-home-payments section 3). */
export const OTHERS_OCCUPATION_ENTRY: TOccupation = OCCUPATIONS.find(
  (occupation) => occupation.code === OTHERS_OCCUPATION,
)!;

export function occupationClassOf(code: string): TOccupationClass | null {
  return OCCUPATIONS.find((occupation) => occupation.code === code)?.occupationClass ?? null;
}

export function occupationLabel(occupation: TOccupation, language: TOccupationLanguage): string {
  if (language === 'zh-Hans') return occupation.labelZhHans;
  return language === 'zh-Hant' ? occupation.labelZhHant : occupation.labelEn;
}

const normalise = (text: string) => text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** How well `occupation` answers `query` (lower is better), or null when it does not. */
function matchRank(occupation: TOccupation, query: string, language: TOccupationLanguage): number | null {
  const own = normalise(occupationLabel(occupation, language));
  const labels = [occupation.labelEn, occupation.labelZhHans, occupation.labelZhHant].map(normalise);
  const words = labels.flatMap((label) => label.split(/[\s,()（）、：:/]+/));
  if (own === query || occupation.keywords.includes(query)) return 0;
  if (own.startsWith(query)) return 1;
  if (words.some((word) => word.startsWith(query))) return 2;
  if (occupation.keywords.some((keyword) => keyword.startsWith(query))) return 3;
  if (labels.some((label) => label.includes(query))) return 4;
  // A query of one Latin letter matches only at the start of a word, never inside one.
  if (/^[a-z]$/.test(query)) return null;
  return occupation.keywords.some((keyword) => keyword.includes(query)) ? 5 : null;
}

/**
 * The job search of the occupation page (decision 053): every entry matching `query` in any language,
 * best first — exact label or synonym, label prefix, word prefix, synonym prefix, anywhere — individual
 * jobs before the classes on a tie, then in list order. "Others" always comes last, so a customer who
 * cannot find the job can still say so. An empty query lists every job, then the classes, then Others.
 */
export function searchOccupations(query: string, language: TOccupationLanguage): TOccupation[] {
  const wanted = normalise(query);
  const isClass = (occupation: TOccupation) => occupation.code === occupation.occupationClass;
  const ranked = OCCUPATIONS.filter((occupation) => occupation.code !== OTHERS_OCCUPATION)
    .map((occupation, index) => ({
      occupation,
      index,
      rank: wanted === '' ? 0 : matchRank(occupation, wanted, language),
    }))
    .filter((found): found is { occupation: TOccupation; index: number; rank: number } => found.rank !== null)
    .sort(
      (a, b) =>
        a.rank - b.rank || Number(isClass(a.occupation)) - Number(isClass(b.occupation)) || a.index - b.index,
    );
  return [...ranked.map((found) => found.occupation), OTHERS_OCCUPATION_ENTRY];
}

/** The occupation field's message (pa-home-payments section 5): required; Others → agent; class 04 → declined. */
export function validateOccupation(code: string | null | undefined): string | null {
  if (!code) return MESSAGE_KEYS.occupationRequired;
  if (code === OTHERS_OCCUPATION) return MESSAGE_KEYS.occupationOthers;
  const occupationClass = occupationClassOf(code);
  if (occupationClass === null) return MESSAGE_KEYS.occupationRequired;
  return isDeclinedClass(occupationClass) ? MESSAGE_KEYS.occupationDeclined : null;
}

/** Whether the fourth plan card is shown for these occupations (travel-flow section 4): a class withheld from plan D removes it. */
export function isPlanDOffered(occupationCodes: string[]): boolean {
  return occupationCodes.every((code) => {
    const occupationClass = occupationClassOf(code);
    return !isRatedClass(occupationClass) || isPlanOfferedToClass('D', occupationClass);
  });
}

/** Whether the occupation's class is declined (a referral to underwriting may still rate it). */
export function isOccupationDeclined(code: string): boolean {
  return isDeclinedClass(occupationClassOf(code));
}

/** The quote is produced only after the risk-statement box is ticked (pa-home-payments section 4). */
export function validateRiskStatement(ticked: boolean): string | null {
  return ticked ? null : MESSAGE_KEYS.riskStatementRequired;
}

/** Dependent children: at most 18 in Hong Kong; Singapore's selector offers 0 to 9 (pa-home-payments section 5). */
export const PA_MAX_DEPENDENT_CHILDREN: Record<TCountry, number> = PA_CHILDREN_LIMITS;

/** Dependent children: a number, within the market's maximum (pa-home-payments section 5). */
export function validateDependentChildren(value: string, country: TCountry): string | null {
  if (!/^\d+$/.test(value.trim())) return MESSAGE_KEYS.dependentChildrenNumber;
  return Number(value) <= PA_MAX_DEPENDENT_CHILDREN[country] ? null : MESSAGE_KEYS.dependentChildrenMaximum;
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

/** Hong Kong PA: claims over the limit in the last 3 years require an agent (pa-home-payments section 5). */
export function validateClaimsHistory(
  country: TCountry,
  largestClaimInThreeYearsCents: number,
): string | null {
  return country === 'HKG' && largestClaimInThreeYearsCents > HONG_KONG_CLAIMS_LIMIT_CENTS
    ? MESSAGE_KEYS.claimsReferToAgent
    : null;
}

/** Effective date: required, from today to the cover-start window ahead (pa-home-payments section 5). */
export function validateEffectiveDate(value: string, today: TLocalDate): string | null {
  if (value.trim() === '') return MESSAGE_KEYS.effectiveDateRequired;
  const date = parseDmy(value.trim());
  if (!date) return MESSAGE_KEYS.birthDateInvalid;
  return compareDates(date, today) < 0 || daysBetween(today, date) > COVER_START_WINDOW_DAYS
    ? MESSAGE_KEYS.effectiveDateOutOfRange
    : null;
}
