/** The shop's two languages (travel-flow section 1). */
const LANGUAGES = ['en', 'zh'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

/** `tc` is treated as zh; other codes are lower-cased; anything unknown is English (travel-flow section 1). */
export function normaliseLanguage(code: string | null | undefined): TLanguage {
  const lower = (code ?? '').trim().toLowerCase();
  if (lower === 'tc' || lower === 'zh' || lower.startsWith('zh-')) return 'zh';
  return 'en';
}
