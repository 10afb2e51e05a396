import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TScript } from './pdf-fonts.ts';

/**
 * Every word the policy schedule prints, in English and in Chinese (decision 031). The Chinese is written
 * once, in Simplified characters for Singapore; Hong Kong reads it converted to Traditional (Hong Kong
 * characters and words) by the shop's one converter (`@lionrock/chinese`, decision 110), as the web app's
 * catalogue is.
 * `{name}` style placeholders are filled after conversion, so nothing a customer typed is ever converted.
 */
export type TScheduleCopy = {
  insurer: string;
  title: string;
  markets: Record<TCountry, string>;
  places: Record<TCountry, string>;
  sections: {
    policy: string;
    policyholder: string;
    property: string;
    insuredPersons: string;
    insuredPerson: string;
    premium: string;
  };
  labels: {
    policyNumber: string;
    receiptNumber: string;
    dateOfIssue: string;
    product: string;
    market: string;
    plan: string;
    coverType: string;
    period: string;
    destination: string;
    /** The campaign's gift per policy (pa-home-payments section 9). */
    voucher: string;
    companyName: string;
    uen: string;
    name: string;
    attention: string;
    email: string;
    mobile: string;
    insuredAddress: string;
    dwelling: string;
    occupiedAs: string;
    /** Home: the contents sum the plan insures (decision 125). */
    contentsSumInsured: string;
  };
  /** `{market}`, `{currency}` */
  marketValue: string;
  /** `{start}`, `{end}` */
  period: string;
  trips: { annual: string; single: string };
  /** `{trip}`, `{people}` */
  cover: {
    couple: string;
    family: string;
    individual: string;
    paIndividual: string;
    paFamily: string;
    home: string;
  };
  /** `{count}`, one and many */
  counts: { adult: [string, string]; child: [string, string]; traveller: [string, string] };
  listSeparator: string;
  dwellings: { hdbSgp: string; hdbHkg: string; condo: string; landed: string };
  /** Home (decision 057): HDB flat types; a Hong Kong flat by `{area}` and `{age}`. */
  hdbFlatTypes: Record<'2_ROOM' | '3_ROOM' | '4_ROOM' | '5_ROOM' | 'EXECUTIVE', string>;
  hongKongFlat: string;
  floorAreas: Record<'UNDER_500' | '500_799' | '800_1199' | '1200_PLUS', string>;
  buildingAges: Record<'UNDER_20' | '20_TO_39' | '40_PLUS', string>;
  occupancy: {
    owner: string;
    tenant: string;
    landlord: string;
    Owner: string;
    Tenant: string;
    Landlord: string;
  };
  destinations: { worldwide: string; asiaPacific: string };
  columns: {
    no: string;
    name: string;
    traveller: string;
    idNumber: string;
    insured: string;
    optionalCovers: string;
    limit: string;
    benefit: string;
    sumInsured: string;
    cover: string;
    amount: string;
  };
  roles: { adult: string; child: string; student: string; spouse: string; policyholder: string };
  none: string;
  idTypes: Record<string, string>;
  paOptionalCovers: Record<string, string>;
  /** `{plan}` */
  benefitsPlan: string;
  /** `{letter}` */
  benefitsPa: string;
  values: { unlimited: string; notCovered: string; included: string; notCoveredTenant: string };
  /** `{label}` */
  optionalCover: string;
  /** `{child}`, `{senior}`: the shares (per cent) behind a sum marked reduced (decision 054). */
  reducedNote: string;
  /** The column of the children's sums. */
  childrenColumn: string;
  home: {
    contents: string;
    building: string;
    renovation: string;
    helper: string;
    valuables: string;
  };
  premiumRows: {
    before: string;
    campaign: string;
    family: string;
    agent: string;
    discount: string;
    after: string;
    total: string;
  };
  /** `{rate}` */
  tax: { gst: string; gstZero: string; levy: string };
  /** Changes after the sale (decisions 138, 142, 144): `{amount}` in `collected` and `refunded`. */
  endorsements: {
    title: string;
    columns: { from: string; change: string; annual: string; difference: string };
    insuredAddress: string;
    collected: string;
    refunded: string;
    unchanged: string;
  };
  closingNote: string;
  /** `{number}`: the market's 24-hour assistance line (decision 042). */
  assistance: string;
  /** `{insurer}`, `{number}` */
  footer: string;
  /** `{page}`, `{pages}` */
  page: string;
};

const EN: TScheduleCopy = {
  insurer: 'Lionrock Insurance',
  title: 'Policy Schedule',
  markets: { SGP: 'Singapore', HKG: 'Hong Kong' },
  places: { SGP: 'Singapore', HKG: 'Hong Kong' },
  sections: {
    policy: 'The policy',
    policyholder: 'Policyholder',
    property: 'Insured property',
    insuredPersons: 'Insured persons',
    insuredPerson: 'Insured person',
    premium: 'Premium',
  },
  labels: {
    policyNumber: 'Policy number',
    receiptNumber: 'Receipt number',
    dateOfIssue: 'Date of issue',
    product: 'Product',
    market: 'Market',
    plan: 'Plan',
    coverType: 'Cover type',
    period: 'Period of insurance',
    destination: 'Destination',
    voucher: 'Campaign gift',
    companyName: 'Company name',
    uen: 'UEN',
    name: 'Name',
    attention: 'For the attention of',
    email: 'E-mail',
    mobile: 'Mobile',
    insuredAddress: 'Insured address',
    dwelling: 'Dwelling',
    occupiedAs: 'Occupied as',
    contentsSumInsured: 'Contents sum insured',
  },
  marketValue: '{market} (amounts in {currency})',
  period: '{start} to {end}, both days included',
  trips: { annual: 'Annual multi-trip', single: 'Single trip' },
  cover: {
    couple: '{trip}, couple',
    family: '{trip}, family ({people})',
    individual: '{trip}, individual ({people})',
    paIndividual: 'Annual, individual',
    paFamily: 'Annual, family ({people})',
    home: 'Annual, {dwelling}, {occupancy}',
  },
  counts: {
    adult: ['{count} adult', '{count} adults'],
    child: ['{count} child', '{count} children'],
    traveller: ['{count} traveller', '{count} travellers'],
  },
  listSeparator: ', ',
  dwellings: {
    hdbSgp: 'HDB flat',
    hdbHkg: 'Public housing flat',
    condo: 'Condominium or apartment',
    landed: 'Landed house',
  },
  hdbFlatTypes: {
    '2_ROOM': '2-room HDB flat',
    '3_ROOM': '3-room HDB flat',
    '4_ROOM': '4-room HDB flat',
    '5_ROOM': '5-room HDB flat',
    EXECUTIVE: 'Executive HDB flat',
  },
  hongKongFlat: 'Flat of {area} gross, building {age}',
  floorAreas: {
    UNDER_500: 'under 500 sq ft',
    '500_799': '500–799 sq ft',
    '800_1199': '800–1,199 sq ft',
    '1200_PLUS': '1,200 sq ft or more',
  },
  buildingAges: {
    UNDER_20: 'under 20 years old',
    '20_TO_39': '20–39 years old',
    '40_PLUS': '40 years old or more',
  },
  occupancy: {
    owner: 'owner',
    tenant: 'tenant',
    landlord: 'landlord',
    Owner: 'Owner',
    Tenant: 'Tenant',
    Landlord: 'Landlord (let to tenants)',
  },
  destinations: { worldwide: 'Worldwide', asiaPacific: 'Asia Pacific' },
  columns: {
    no: 'No.',
    name: 'Name',
    traveller: 'Traveller',
    idNumber: 'ID number',
    insured: 'Insured',
    optionalCovers: 'Optional covers',
    limit: 'Limit',
    benefit: 'Benefit',
    sumInsured: 'Sum insured',
    cover: 'Cover',
    amount: 'Amount',
  },
  roles: {
    adult: 'Adult',
    child: 'Child',
    student: 'Child (student)',
    spouse: 'Spouse',
    policyholder: 'Policyholder',
  },
  none: 'None',
  idTypes: { NRIC: 'NRIC/FIN', HKID: 'HKID', PASSPORT: 'Passport' },
  paOptionalCovers: {},
  benefitsPlan: 'Benefits: {plan} plan',
  benefitsPa: 'Benefits: Plan {letter} (sums insured per insured person)',
  values: {
    unlimited: 'Unlimited',
    notCovered: 'Not covered',
    included: 'Included',
    notCoveredTenant: 'Not covered (tenant)',
  },
  optionalCover: '{label} (optional cover)',
  reducedNote:
    "* Reduced: a child is covered for {child}% of the plan's death and disablement and double indemnity sums; an adult aged 65 to 70 for {senior}% of its accidental death and disablement, double indemnity and medical expenses sums.",
  childrenColumn: 'Children',
  home: {
    contents: 'Household contents',
    building: 'Building and fixtures',
    renovation: 'Renovations (optional cover)',
    helper: 'Domestic helper liability (optional cover)',
    valuables: 'Portable valuables (optional cover)',
  },
  premiumRows: {
    before: 'Premium before discount',
    campaign: 'Campaign and promotion discount',
    family: 'Family discount',
    agent: 'Agent commission discount',
    discount: 'Discount',
    after: 'Premium after discount',
    total: 'Total paid',
  },
  tax: { gst: 'GST {rate}', gstZero: 'GST {rate} (outbound travel is zero-rated)', levy: 'IA levy {rate}' },
  endorsements: {
    title: 'Endorsements',
    columns: {
      from: 'In force from',
      change: 'Change',
      annual: 'New premium a year',
      difference: 'For the days left',
    },
    insuredAddress: 'Insured address changed',
    collected: '{amount} collected',
    refunded: '{amount} refunded',
    unchanged: 'No change',
  },
  closingNote:
    'This schedule forms part of your policy: read it with the policy wording, which sets out the full terms, conditions and exclusions. Please check the details above and tell us at once if anything is wrong. ID numbers are shown in part only, to protect your personal data.',
  assistance: '24-hour emergency assistance, from anywhere in the world: {number}',
  footer: '{insurer} · Policy Schedule {number}',
  page: 'Page {page} of {pages}',
};

const ZH_HANS: TScheduleCopy = {
  insurer: '狮石保险',
  title: '保单附表',
  markets: { SGP: '新加坡', HKG: '香港' },
  places: { SGP: '新加坡', HKG: '香港' },
  sections: {
    policy: '保单',
    policyholder: '投保人',
    property: '受保物业',
    insuredPersons: '受保人',
    insuredPerson: '受保人',
    premium: '保费',
  },
  labels: {
    policyNumber: '保单号码',
    receiptNumber: '收据号码',
    dateOfIssue: '签发日期',
    product: '产品',
    market: '市场',
    plan: '计划',
    coverType: '保障类别',
    period: '保险期间',
    destination: '目的地',
    voucher: '活动礼品',
    companyName: '公司名称',
    uen: '单一实体识别号码（UEN）',
    name: '姓名',
    attention: '联络人',
    email: '电邮',
    mobile: '手机号码',
    insuredAddress: '受保地址',
    dwelling: '住所类别',
    occupiedAs: '居住身份',
    contentsSumInsured: '家居财物保额',
  },
  marketValue: '{market}（金额以{currency}计算）',
  period: '{start}至{end}（首尾两日包括在内）',
  trips: { annual: '全年多次旅程', single: '单次旅程' },
  cover: {
    couple: '{trip}，夫妻',
    family: '{trip}，家庭（{people}）',
    individual: '{trip}，个人（{people}）',
    paIndividual: '全年，个人',
    paFamily: '全年，家庭（{people}）',
    home: '全年，{dwelling}，{occupancy}',
  },
  counts: {
    adult: ['{count}名成人', '{count}名成人'],
    child: ['{count}名子女', '{count}名子女'],
    traveller: ['{count}名旅客', '{count}名旅客'],
  },
  listSeparator: '、',
  dwellings: { hdbSgp: '组屋', hdbHkg: '公营房屋单位', condo: '共管公寓或住宅单位', landed: '有地住宅' },
  hdbFlatTypes: {
    '2_ROOM': '二房式组屋',
    '3_ROOM': '三房式组屋',
    '4_ROOM': '四房式组屋',
    '5_ROOM': '五房式组屋',
    EXECUTIVE: '公寓式组屋',
  },
  hongKongFlat: '建筑面积{area}的单位，楼龄{age}',
  floorAreas: {
    UNDER_500: '500平方尺以下',
    '500_799': '500至799平方尺',
    '800_1199': '800至1,199平方尺',
    '1200_PLUS': '1,200平方尺或以上',
  },
  buildingAges: { UNDER_20: '20年以下', '20_TO_39': '20至39年', '40_PLUS': '40年或以上' },
  occupancy: {
    owner: '业主',
    tenant: '租户',
    landlord: '出租业主',
    Owner: '业主',
    Tenant: '租户',
    Landlord: '出租业主',
  },
  destinations: { worldwide: '全球', asiaPacific: '亚太区' },
  columns: {
    no: '编号',
    name: '姓名',
    traveller: '旅客',
    idNumber: '证件号码',
    insured: '受保人',
    optionalCovers: '附加保障',
    limit: '保障限额',
    benefit: '保障',
    sumInsured: '保额',
    cover: '保障',
    amount: '金额',
  },
  roles: {
    adult: '成人',
    child: '子女',
    student: '子女（全日制学生）',
    spouse: '配偶',
    policyholder: '投保人',
  },
  none: '无',
  idTypes: { NRIC: '身份证/FIN', HKID: '香港身份证', PASSPORT: '护照' },
  paOptionalCovers: { PRX: '住院津贴双倍赔偿', TTD: '暂时完全伤残' },
  benefitsPlan: '保障：{plan}计划',
  benefitsPa: '保障：计划{letter}（每名受保人的保额）',
  values: { unlimited: '无上限', notCovered: '不受保', included: '包括', notCoveredTenant: '不受保（租户）' },
  optionalCover: '{label}（附加保障）',
  reducedNote:
    '* 已调减：子女的身故及伤残与双倍赔偿保额为计划的{child}%；65至70岁成人的意外身故及伤残、双倍赔偿及医疗费用保额为计划的{senior}%。',
  childrenColumn: '子女',
  home: {
    contents: '家居财物',
    building: '楼宇及装置',
    renovation: '装修（附加保障）',
    helper: '家佣责任（附加保障）',
    valuables: '随身贵重物品（附加保障）',
  },
  premiumRows: {
    before: '折扣前保费',
    campaign: '推广及优惠折扣',
    family: '家庭折扣',
    agent: '代理佣金折扣',
    discount: '折扣',
    after: '折扣后保费',
    total: '已付总额',
  },
  tax: { gst: '消费税{rate}', gstZero: '消费税{rate}（出境旅游为零税率）', levy: '保险业监管局征费{rate}' },
  endorsements: {
    title: '批单',
    columns: { from: '生效日期', change: '更改', annual: '新全年保费', difference: '余下日数保费' },
    insuredAddress: '受保地址更改',
    collected: '已收取{amount}',
    refunded: '已退还{amount}',
    unchanged: '不变',
  },
  closingNote:
    '本附表是您保单的一部分，请与列明全部条款、细则及不保事项的保单条款一并阅读。请核对以上资料，如有错误，请立即通知我们。为保障您的个人资料，证件号码只显示部分。',
  assistance: '24小时全球紧急援助热线：{number}',
  footer: '{insurer} · 保单附表 {number}',
  page: '第{page}页，共{pages}页',
};

let hant: TScheduleCopy | undefined;

export function scheduleCopy(script: TScript): TScheduleCopy {
  if (script === 'en') return EN;
  if (script === 'zh-Hans') return ZH_HANS;
  hant ??= hongKongChineseDeep(ZH_HANS);
  return hant;
}

/** `fill('Page {page} of {pages}', { page: 1, pages: 2 })` → "Page 1 of 2"; unknown names stay as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
