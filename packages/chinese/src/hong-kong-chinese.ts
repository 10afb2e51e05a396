import * as OpenCC from 'opencc-js/cn2t';

/**
 * Hong Kong's Chinese, derived from the shop's Simplified texts (decision 110): every surface that shows
 * Hong Kong Chinese (the web catalogue at build time, the served benefit labels, mails, schedules and
 * other documents) converts with this one function, so nobody types Traditional by hand and a word
 * fixed here is fixed everywhere.
 *
 * OpenCC's Simplified → Traditional with Hong Kong variants, then two corrections:
 * - **Characters as Hong Kong text writes them.** OpenCC's Hong Kong variants follow the glyph standard
 *   (税, 户, 閲, 説, 啓), but Hong Kong's own pages encode 稅, 戶, 閱, 說 and 啟 (稅務局, 客戶), and a
 *   reader takes the first forms for Simplified.
 * - **Hong Kong words.** Character conversion keeps mainland words (鏈接, 登錄, 賬户, 聯繫, 郵件, 加載,
 *   設置, 理賠); Hong Kong says 連結, 登入, 帳戶, 聯絡, 電郵, 載入, 設定, 索償. A permit is 准證, not 準證.
 */
const WORDS: [string, string][] = [
  ['鏈接', '連結'],
  ['退出登錄', '登出'],
  ['登錄', '登入'],
  ['賬户', '帳戶'],
  ['賬號', '帳號'],
  ['聯繫', '聯絡'],
  ['短信', '短訊'],
  ['電子郵件', '電郵'],
  ['郵件', '電郵'],
  ['電子郵箱', '電郵地址'],
  ['默認', '預設'],
  ['視頻', '影片'],
  ['屏幕', '螢幕'],
  ['激活', '啟用'],
  ['加載', '載入'],
  // Keys are as the character step writes them (Hong Kong variants: 户, not 戶). A word that already
  // reads as Hong Kong's maps to itself, so converting twice changes nothing.
  ['用户名稱', '用戶名稱'],
  ['用户名', '用戶名稱'],
  ['字符', '字元'],
  ['設置', '設定'],
  ['菜單', '選單'],
  ['當前', '目前'],
  ['設備', '裝置'],
  ['選中', '選取'],
  ['添加', '新增'],
  ['保存', '儲存'],
  ['生成', '產生'],
  ['應用程序', '應用程式'],
  // Insurance: a claim is 索償; area in square feet is 平方呎.
  ['理賠', '索償'],
  ['平方尺', '平方呎'],
  // 准 (permit) stays 准: OpenCC reads a Traditional 准 as the Simplified merger of 準.
  ['準證', '准證'],
  ['準許', '准許'],
  ['批準', '批准'],
  ['準予', '准予'],
  // 并 before 发 is "and", not 併發 (concurrent): 计算并发送 is "work out and send".
  ['併發送', '並發送'],
  ['税', '稅'],
  ['户', '戶'],
  ['閲', '閱'],
  ['説', '說'],
  ['啓', '啟'],
];

let converter: ((text: string) => string) | undefined;

/** `text` (Simplified) in Hong Kong's Traditional characters and words; ASCII and placeholders pass through. */
export function hongKongChinese(text: string): string {
  if (!converter) {
    const characters = OpenCC.Converter({ from: 'cn', to: 'hk' });
    const words = OpenCC.CustomConverter(WORDS);
    converter = (input) => words(characters(input));
  }
  return converter(text);
}

/**
 * Every string in `value` converted (objects and arrays walked); a function (a text with blanks) becomes
 * one whose answer is converted, except the arguments it was given: a customer's name or an address is
 * never converted, only the shop's own words around it. Other values are kept as they are.
 */
export function hongKongChineseDeep<T>(value: T): T {
  if (typeof value === 'string') return hongKongChinese(value) as T;
  if (typeof value === 'function')
    return ((...args: unknown[]) => {
      const answer: unknown = (value as (...given: unknown[]) => unknown)(...args);
      return typeof answer === 'string' ? convertAround(answer, args) : hongKongChineseDeep(answer);
    }) as T;
  if (Array.isArray(value)) return value.map((item) => hongKongChineseDeep(item)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, hongKongChineseDeep(item)]),
    ) as T;
  return value;
}

/** `text` converted, with each non-ASCII string argument in it kept as given (marked, converted, put back). */
function convertAround(text: string, args: unknown[]): string {
  const kept = args.filter(
    (arg): arg is string => typeof arg === 'string' && [...arg].some((char) => char.codePointAt(0)! > 0x7f),
  );
  if (kept.length === 0) return hongKongChinese(text);
  let marked = text;
  kept.forEach((arg, index) => {
    marked = marked.split(arg).join(`\u{F0000}${index}\u{F0001}`);
  });
  return hongKongChinese(marked).replace(
    /\u{F0000}(\d+)\u{F0001}/gu,
    (_, index: string) => kept[Number(index)]!,
  );
}

/**
 * The characters of `text` that are not Hong Kong's: those the converter would change (a Simplified
 * character, or a mainland word), each once, in order. Empty for text the converter made or a person
 * wrote in Hong Kong's script; the tests read every Hong Kong page, mail and document with it.
 */
export function notHongKongChinese(text: string): string[] {
  const converted = hongKongChinese(text);
  const found = new Set<string>();
  if (converted.length === text.length) {
    for (let index = 0; index < text.length; index += 1)
      if (text[index] !== converted[index]) found.add(text[index]!);
  } else if (converted !== text) found.add(text);
  return [...found];
}
