import { useSystemStore } from '../../../state/system-store';
import { deskLanguageOf, type TDeskLanguage } from '../desk-texts';

/**
 * "Quote for a customer" (decision 087): the screen's words in English, Simplified Chinese for
 * Singapore and Traditional for Hong Kong, in the shell's desk language. Loaded with this page only.
 */
const en = {
  heading: 'Quote for a customer',
  intro:
    'Prepare a quote with the customer’s choices. We e-mail the customer a link that opens it with your details; the customer checks it, applies and pays.',
  product: 'Product',
  'product.travel': 'Travel insurance',
  'product.pa': 'Personal accident insurance',
  market: 'Market',
  'market.SGP': 'Singapore',
  'market.HKG': 'Hong Kong',
  email: 'Customer’s e-mail',
  language: 'Language of the e-mail and the quote',
  'lang.en': 'English',
  'lang.zh': 'Chinese',
  subAgent: 'Sub-agent code (optional)',
  campaign: 'Campaign code (optional)',
  tripType: 'Trip',
  'trip.S': 'Single trip',
  'trip.A': 'Annual multi-trip',
  destination: 'Destination',
  'destination.6': 'Asia Pacific',
  'destination.3': 'Worldwide',
  departure: 'Departure date',
  returnDate: 'Return date',
  travellerType: 'Who travels',
  'travellers.ID': 'Individuals',
  'travellers.CP': 'A couple',
  'travellers.FM': 'A family',
  individuals: 'Number of travellers',
  adults: 'Adults',
  children: 'Children',
  occupation: 'Occupation',
  chooseOccupation: 'Choose an occupation',
  covered: 'Who is covered',
  'covered.individual': 'The customer',
  'covered.family': 'The customer’s family',
  effectiveDate: 'Cover starts on',
  residency: 'Residency',
  'residency.CITIZEN': 'Citizen',
  'residency.PR': 'Permanent resident',
  'residency.PASS': 'Long-term pass holder',
  send: 'E-mail the quote to the customer',
  busy: 'Rating and sending…',
  sent: 'Sent to {email}.',
  sentNote: 'The link goes only to the customer. The quote counts as yours when the customer buys it.',
  plans: 'Plans the customer will see',
  plan: 'Plan',
  total: 'Total',
};
type TWords = Record<keyof typeof en, string>;
export type TQuoteWord = keyof typeof en;

const zhHans: TWords = {
  heading: '为客户报价',
  intro: '按客户的选择准备报价。我们会以电邮向客户发送链接，打开后显示您的资料；客户确认后即可申请并付款。',
  product: '产品',
  'product.travel': '旅游保险',
  'product.pa': '个人意外保险',
  market: '市场',
  'market.SGP': '新加坡',
  'market.HKG': '香港',
  email: '客户电邮',
  language: '电邮及报价语言',
  'lang.en': '英文',
  'lang.zh': '中文',
  subAgent: '子代理人编号（可选）',
  campaign: '推广活动代码（可选）',
  tripType: '行程',
  'trip.S': '单次旅程',
  'trip.A': '全年多次旅程',
  destination: '目的地',
  'destination.6': '亚太地区',
  'destination.3': '全球',
  departure: '出发日期',
  returnDate: '回程日期',
  travellerType: '旅客',
  'travellers.ID': '个人',
  'travellers.CP': '夫妇',
  'travellers.FM': '家庭',
  individuals: '旅客人数',
  adults: '成人',
  children: '儿童',
  occupation: '职业',
  chooseOccupation: '请选择职业',
  covered: '受保人',
  'covered.individual': '客户本人',
  'covered.family': '客户家庭',
  effectiveDate: '保障开始日期',
  residency: '居留身份',
  'residency.CITIZEN': '公民',
  'residency.PR': '永久居民',
  'residency.PASS': '长期准证持有人',
  send: '以电邮发送报价给客户',
  busy: '正在计算并发送…',
  sent: '已发送至 {email}。',
  sentNote: '链接只会发送给客户。客户购买后，该保单计入您的销售。',
  plans: '客户将看到的计划',
  plan: '计划',
  total: '总额',
};

const zhHant: TWords = {
  ...zhHans,
  heading: '為客戶報價',
  intro: '按客戶的選擇準備報價。我們會以電郵向客戶發送連結，開啟後顯示您的資料；客戶確認後即可申請及付款。',
  product: '產品',
  'product.travel': '旅遊保險',
  'product.pa': '個人意外保險',
  market: '市場',
  email: '客戶電郵',
  language: '電郵及報價語言',
  subAgent: '子代理人編號（可選）',
  campaign: '推廣活動代碼（可選）',
  tripType: '行程',
  'trip.S': '單次旅程',
  'trip.A': '全年多次旅程',
  'destination.6': '亞太地區',
  'destination.3': '全球',
  departure: '出發日期',
  returnDate: '回程日期',
  'travellers.ID': '個人',
  'travellers.CP': '夫婦',
  individuals: '旅客人數',
  children: '兒童',
  occupation: '職業',
  chooseOccupation: '請選擇職業',
  covered: '受保人',
  'covered.family': '客戶家庭',
  effectiveDate: '保障開始日期',
  residency: '居留身份',
  'residency.PR': '永久居民',
  'residency.PASS': '長期准證持有人',
  send: '以電郵發送報價給客戶',
  busy: '正在計算及發送…',
  sent: '已發送至 {email}。',
  sentNote: '連結只會發送給客戶。客戶購買後，該保單計入您的銷售。',
  plans: '客戶將看到的計劃',
  plan: '計劃',
  total: '總額',
};

const WORDS: Record<TDeskLanguage, TWords> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

export function useQuoteWords(): {
  w: (key: TQuoteWord, values?: Record<string, string>) => string;
  language: TDeskLanguage;
} {
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);
  const language = deskLanguageOf('agent', lang, country);
  const words = WORDS[language];
  return {
    w: (key, values = {}) => words[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
    language,
  };
}
