/**
 * Looking up the shop's texts (decision 022): a catalogue is nested sections of strings, a key names
 * one by its path ("applyErrorMessage.birthDateRequired"), `{{name}}` takes a value, and a `count`
 * chooses the plural form by the language's rules (`key_one`, `key_other`; the catalogues keep
 * i18next's JSON format). A key without text shows itself (travel-flow section 1).
 *
 * @example translate(en, 'en', 'travelQuote.adultCount', { count: 2 }) // "2 adults"
 */
export type TCatalogue = { readonly [key: string]: string | readonly string[] | TCatalogue };

export type TTranslateOptions = {
  /** Chooses the plural form and fills `{{count}}`. */
  count?: number;
  /** Shown instead of the key when the key has no text. */
  defaultValue?: string;
  /** Any other value fills its `{{name}}`. */
  [name: string]: unknown;
};

export type TTranslate = (key: string, options?: TTranslateOptions) => string;

/** The value at a key's path, or undefined. */
export function lookup(catalogue: TCatalogue | undefined, key: string): unknown {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

const PLURAL_RULES = new Map<string, Intl.PluralRules>();

function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = PLURAL_RULES.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    PLURAL_RULES.set(locale, rules);
  }
  return rules.select(count);
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

const NO_VALUES: Readonly<Record<string, unknown>> = {};

/**
 * The text of `key` in `catalogue` (whose language is `locale`), with its values filled in: from
 * `options`, else from `values` (the shop passes the spec's limits, decision 050), else left as written.
 */
export function translate(
  catalogue: TCatalogue | undefined,
  locale: string,
  key: string,
  options: TTranslateOptions = {},
  values: Readonly<Record<string, unknown>> = NO_VALUES,
): string {
  let text: unknown;
  if (typeof options.count === 'number')
    text =
      lookup(catalogue, `${key}_${pluralCategory(locale, options.count)}`) ??
      lookup(catalogue, `${key}_other`);
  text ??= lookup(catalogue, key);
  if (typeof text !== 'string') return options.defaultValue ?? key;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (Object.hasOwn(options, name)) return String(options[name]);
    return Object.hasOwn(values, name) ? String(values[name]) : whole;
  });
}

/** The list of texts at `key` (a popup's items), or none. */
export function translateList(catalogue: TCatalogue | undefined, key: string): readonly string[] {
  const value = lookup(catalogue, key);
  return Array.isArray(value) ? value : [];
}

/**
 * A text with one link in it, marked `<1>…</1>` as translators write it: the parts before, inside
 * and after the link (the inside empty, and the whole text before it, when there is no mark).
 */
export function splitAtLink(text: string): [before: string, link: string, after: string] {
  const match = /<1>(.*?)<\/1>/s.exec(text);
  if (!match) return [text, '', ''];
  return [text.slice(0, match.index), match[1] as string, text.slice(match.index + match[0].length)];
}
