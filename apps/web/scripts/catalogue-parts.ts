/**
 * Each catalogue is served in parts (decisions 022, 042, 066): `landing`, what the travel landing and the
 * shell around every page read, fetched before the landing's first paint; and `pages`, the texts of
 * every other page, fetched with that page's code. The translators keep one file per language
 * (locales/en.json, locales/zh.json); the build splits it by this list.
 */

/** The texts of the pages after the landing: a section, or a key of one, by its path. */
export const PAGE_TEXTS = [
  'quotePage',
  'quoteExtras',
  'coverTable',
  'applicant',
  'confirm',
  'payment',
  'gatewayReach',
  'paynowSave',
  'offerNotice',
  'paymentError',
  'cardErrorMessage',
  'finish',
  'paLanding',
  'paOccupation',
  'paEffectiveDate',
  'paQuote',
  'paApply',
  'paConfirm',
  'paErrorMessage',
  'homeLanding',
  'homeQuote',
  'homeApplicant',
  'homeErrorMessage',
  'notFound',
  // Only the button's label: the saved-quote dialog's texts are in the service part (decision 076).
  'saveForLater',
  // The date field's calendar, fetched with its code (components/ui/date-field.tsx).
  'dateCalendar',
] as const;

/**
 * The footer's pages' texts (about, contact, terms, privacy): long legal notices per market, fetched
 * only with those pages (decision 042), so no other page carries them.
 */
export const INFO_TEXTS = ['info'] as const;

/**
 * The after-sale pages' texts (my policy, claims): fetched only with those pages, so neither the
 * landings nor the buying pages carry them (decision 066).
 */
export const SERVICE_TEXTS = ['myPolicy', 'claims', 'savedQuote', 'referral', 'quoteLink'] as const;

/** Keys inside PAGE_TEXTS that the landing part keeps: the quote page's frame (decision 021). */
export const LANDING_KEEPS = ['quotePage.title', 'quotePage.intro'] as const;

export type TCatalogueTree = { [key: string]: unknown };
export type TCatalogueParts = {
  landing: TCatalogueTree;
  pages: TCatalogueTree;
  info: TCatalogueTree;
  service: TCatalogueTree;
};

/** A catalogue split into its two parts; every key is in exactly one of them. */
export function splitCatalogue(catalogue: TCatalogueTree): TCatalogueParts {
  const landing: TCatalogueTree = {};
  const pages: TCatalogueTree = {};
  const info: TCatalogueTree = {};
  const service: TCatalogueTree = {};
  const place = (node: unknown, path: string, inPages: boolean, into: TCatalogueParts) => {
    const deferred = inPages || (PAGE_TEXTS as readonly string[]).includes(path);
    const kept = (LANDING_KEEPS as readonly string[]).includes(path);
    if (isSection(node)) {
      for (const [key, child] of Object.entries(node)) place(child, `${path}.${key}`, deferred, into);
      return;
    }
    setAt(deferred && !kept ? into.pages : into.landing, path.split('.'), node);
  };
  for (const [key, node] of Object.entries(catalogue)) {
    if ((INFO_TEXTS as readonly string[]).includes(key)) info[key] = node;
    else if ((SERVICE_TEXTS as readonly string[]).includes(key)) service[key] = node;
    else place(node, key, false, { landing, pages, info, service });
  }
  return { landing, pages, info, service };
}

function isSection(node: unknown): node is TCatalogueTree {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

function setAt(tree: TCatalogueTree, path: string[], value: unknown) {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    if (!isSection(node[key])) node[key] = {};
    node = node[key] as TCatalogueTree;
  }
  node[path[path.length - 1] as string] = value;
}
