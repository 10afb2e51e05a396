// `npm run size -w @lionrock/web` (part of `npm test`): the gzipped JavaScript and CSS each page makes the
// browser fetch, summed over every chunk it loads — the entry, its static imports and what it imports
// dynamically on first render — read from the build's manifest (dist/.vite/manifest.json), against the
// budgets below (decisions 015 and 022). Later pages count only what they add to the landing.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const kB = 1000;
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));

/** The catalogues' landing parts: the landing fetches exactly one, its language's, before its first paint. */
const CATALOGUES = {
  English: 'virtual:catalogue/en-landing',
  'Simplified Chinese': 'virtual:catalogue/zh-Hans-landing',
  'Traditional Chinese': 'virtual:catalogue/zh-Hant-landing',
};

/** The other pages' texts, fetched with the first page after the landing (decision 022). */
const PAGE_TEXTS = {
  English: 'virtual:catalogue/en-pages',
  'Simplified Chinese': 'virtual:catalogue/zh-Hans-pages',
  'Traditional Chinese': 'virtual:catalogue/zh-Hant-pages',
};

/** The footer pages' legal notices, fetched only with those pages (decision 042). */
const INFO_TEXTS = {
  English: 'virtual:catalogue/en-info',
  'Simplified Chinese': 'virtual:catalogue/zh-Hans-info',
  'Traditional Chinese': 'virtual:catalogue/zh-Hant-info',
};

/** The after-sale pages' texts (my policy, claims), fetched only with those pages (decision 066). */
const SERVICE_TEXTS = {
  English: 'virtual:catalogue/en-service',
  'Simplified Chinese': 'virtual:catalogue/zh-Hans-service',
  'Traditional Chinese': 'virtual:catalogue/zh-Hant-service',
};

/** The landing's budget (decision 022): its JS (React DOM, React and the scheduler are 68 kB of it) and its CSS. */
const LANDING = { js: 120 * kB, css: 20 * kB };

/**
 * Code that loads on demand, on the landing or later; each counts only what it adds to the landing.
 * Every dynamic import of the landing's own code must be listed here or in CATALOGUES, so a new one
 * cannot join the first render unseen.
 */
const ON_DEMAND = [
  ...Object.entries(PAGE_TEXTS).map(([language, key]) => ({
    name: `other pages' texts, ${language} (with the first of them)`,
    load: [key],
    // 12 kB since the personal accident and home pages' texts joined them (decision 063); the
    // landing's budget is unchanged.
    js: 12 * kB,
  })),
  ...Object.entries(INFO_TEXTS).map(([language, key]) => ({
    name: `about, contact, terms and privacy texts, ${language}`,
    load: [key],
    js: 8 * kB,
  })),
  ...Object.entries(SERVICE_TEXTS).map(([language, key]) => ({
    name: `my policy and claims texts, ${language}`,
    load: [key],
    // 10 kB since the fresh code, the undo and the link's refusals joined them (decision 109); 11 kB since
    // the policy's claims, the answer to "more information needed" and the address change (decisions 132, 135).
    js: 11 * kB,
  })),
  {
    // The slides and their controls, once a landing has banners to show (never on its first render).
    name: 'banner carousel (when there are banners)',
    load: ['src/app/shell/banner-carousel-slides.tsx'],
    js: 2 * kB,
    css: 1 * kB,
  },
  {
    name: '  + carousel library (when the banners come into view)',
    load: ['src/app/shell/banner-carousel-slides.tsx', 'src/app/shell/banner-carousel-engine.tsx'],
    js: 10 * kB,
    css: 1 * kB,
  },
  {
    // The dialog is shared with later pages: its chunk is named, not a source file (see resolve).
    name: '"Oops!" error modal (when an error is shown)',
    load: ['chunk:modal'],
    js: 3 * kB,
    css: 2 * kB,
  },
  {
    // The date field's calendar (issue 29), with the dialog it opens in (shared: counted here too);
    // its texts come with the other pages' (counted above).
    name: 'date field calendar (when first opened)',
    load: ['src/components/ui/date-field-calendar.tsx'],
    js: 6 * kB,
    css: 3 * kB,
  },
  {
    name: 'maintenance notice (when one is scheduled)',
    load: ['src/app/shell/maintenance-notice-text.tsx'],
    js: 7 * kB,
  },
  {
    // The domain's rules are shared with the PA pages (decision 062): split in chunks, 0.4 kB more.
    // 0.2 kB more for what an occupation class means, written once (issue 28, pa/occupation-classes.ts):
    // the chunk loads when the form is first touched, not with the landing's first render (decision 022).
    name: 'quote form rules (when the form is first touched)',
    load: ['src/features/travel/components/quote-form/quote-form-rules.ts'],
    js: 10.2 * kB,
  },
  {
    name: '  + policy schema (on Start quote)',
    load: [
      'src/features/travel/components/quote-form/quote-form-rules.ts',
      // Shared with the PA pages, which import it: a named chunk, not a source file (see resolve).
      'chunk:policy-schema',
    ],
    js: 40 * kB,
  },
  // Zod stays out of the quote page (decision 020): its scripts arrive in the same round trip as the app's.
  { name: 'quote page', load: ['src/features/travel/routes/quote-page.tsx'], js: 18 * kB, css: 6 * kB },
  {
    name: 'applicant page',
    load: [
      'src/features/travel/routes/applicant-page.tsx',
      'src/features/travel/components/applicant/applicant-form-rules.ts',
    ],
    js: 70 * kB,
    css: 6 * kB,
  },
  {
    // A checkout page loads with its product's contract (decision 044).
    name: 'confirm page',
    load: ['src/features/checkout/routes/confirm-page.tsx', 'src/features/travel/travel-product.tsx'],
    js: 40 * kB,
    css: 6 * kB,
  },
  {
    name: 'payment page',
    load: ['src/features/checkout/routes/payment-page.tsx', 'src/features/travel/travel-product.tsx'],
    js: 45 * kB,
    css: 6 * kB,
  },
  {
    name: 'finish page',
    load: ['src/features/checkout/routes/finish-page.tsx', 'src/features/travel/travel-product.tsx'],
    js: 8 * kB,
    css: 4 * kB,
  },
  {
    // One entry for every after-sale page and a saved quote's link (decision 066): only routes.
    name: 'after-sale routes (my policy, claims, saved quote)',
    load: ['src/app/after-sale-routes.tsx'],
    js: 2 * kB,
  },
  {
    // The e-mailed link of a journey saved for later (decision 076), with its product's contract.
    name: 'saved quote reopened',
    load: ['src/features/checkout/routes/resume-page.tsx', 'src/features/travel/travel-product.tsx'],
    js: 10 * kB,
    css: 6 * kB,
  },
  {
    name: 'save for later dialog (when asked for)',
    load: ['src/features/checkout/components/save-for-later/save-for-later-dialog.tsx'],
    js: 8 * kB,
    css: 4 * kB,
  },
  {
    name: 'about us, contact us, terms, privacy',
    load: ['src/features/info/routes/info-page.tsx'],
    js: 4 * kB,
    css: 2 * kB,
  },
  // My policy (sign-in, list, details and its panels: contact, the renewal card with the payment page's card form).
  {
    name: 'my policy pages',
    load: ['src/features/my-policy/routes/my-policy-routes.tsx'],
    // 48 kB since the fresh-code form, the undo page and "Add a policy" (decision 109); 54 kB since the
    // policy's claims, the correspondence address and "apply to all my policies" (decisions 132, 135).
    js: 54 * kB,
    css: 6 * kB,
  },
  {
    // The back office and the agents' desk (decision 079): one entry for /admin and /agent, its shell,
    // sign-in and texts; each area's pages load on their own when opened.
    name: "back office and agents' desk shell",
    load: ['src/features/back-office/back-office-routes.tsx'],
    js: 12 * kB,
    css: 3 * kB,
  },
  {
    // The sign-in, loaded only when the session asks for it, with the back office's one form kit:
    // react-hook-form and the domain's request schemas (zod), which every back-office form shares
    // (decision 123).
    name: 'back office sign-in and form kit',
    load: ['src/features/back-office/back-office-routes.tsx', 'src/features/back-office/sign-in.tsx'],
    js: 60 * kB,
    css: 3 * kB,
  },
  { name: 'page not found', load: ['src/features/info/routes/not-found-page.tsx'], js: 2 * kB, css: 2 * kB },
  {
    // After the sale: the claims pages (sign-in, form, documents, status), with their own texts.
    name: 'claims pages',
    load: ['src/features/claims/routes/claims-routes.tsx'],
    js: 20 * kB,
    css: 4 * kB,
  },
  // The personal accident site's own pages (landing to plans) load together; the applicant pages on the
  // way to them (decision 133); its checkout pages with its contract.
  {
    name: 'personal accident pages',
    load: ['src/features/pa/routes/pa-routes.tsx'],
    js: 60 * kB,
    css: 5 * kB,
  },
  {
    // Counted whole, as travel's applicant page is: most of it is already loaded with the PA pages.
    name: 'personal accident applicant pages',
    load: ['src/features/pa/routes/pa-applicant-page.tsx', 'src/features/pa/routes/pa-apply-page.tsx'],
    js: 80 * kB,
    css: 7 * kB,
  },
  {
    // "Ask our underwriters" (decision 089): loads when asked for, its texts with the service part.
    name: 'personal accident referral page',
    load: ['src/features/pa/routes/pa-refer-page.tsx'],
    js: 12 * kB,
  },
  {
    name: 'personal accident confirm page',
    load: ['src/features/checkout/routes/confirm-page.tsx', 'src/features/pa/pa-product.tsx'],
    js: 42 * kB,
    css: 6 * kB,
  },
  {
    name: 'personal accident payment page',
    load: ['src/features/checkout/routes/payment-page.tsx', 'src/features/pa/pa-product.tsx'],
    js: 48 * kB,
    css: 6 * kB,
  },
  {
    name: 'personal accident finish page',
    load: ['src/features/checkout/routes/finish-page.tsx', 'src/features/pa/pa-product.tsx'],
    js: 10 * kB,
    css: 4 * kB,
  },
  // Home (decision 059): its landing checks the quote rules; the checkout pages load with home's contract.
  { name: 'home insurance page', load: ['src/features/home/routes/home-page.tsx'], js: 30 * kB, css: 4 * kB },
  {
    name: 'home quote page',
    load: ['src/features/home/routes/home-quote-page.tsx'],
    js: 30 * kB,
    css: 4 * kB,
  },
  {
    name: 'home applicant page',
    load: ['src/features/home/routes/home-applicant-page.tsx'],
    js: 70 * kB,
    css: 6 * kB,
  },
  {
    name: 'home confirm page',
    load: ['src/features/checkout/routes/confirm-page.tsx', 'src/features/home/home-product.tsx'],
    js: 40 * kB,
    css: 6 * kB,
  },
  {
    name: 'home payment page',
    load: ['src/features/checkout/routes/payment-page.tsx', 'src/features/home/home-product.tsx'],
    js: 45 * kB,
    css: 6 * kB,
  },
  {
    name: 'home finish page',
    load: ['src/features/checkout/routes/finish-page.tsx', 'src/features/home/home-product.tsx'],
    js: 12 * kB,
    css: 4 * kB,
  },
];

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(
    `no ${path.relative(process.cwd(), manifestPath)}: build first (npm run build:force -w @lionrock/web)`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  }
  return gzipped.get(file);
}

/**
 * A manifest key: a source file as it stands, or `chunk:{name}` for a chunk the bundler shared between
 * pages, whose key (`_{name}-{hash}.js`) changes with every build.
 */
function resolve(key) {
  if (!key.startsWith('chunk:')) return key;
  const name = key.slice('chunk:'.length);
  return (
    Object.keys(manifest).find(
      (candidate) => candidate.endsWith('.js') && manifest[candidate].name === name,
    ) ?? key
  );
}

function chunk(key) {
  const found = manifest[resolve(key)];
  if (!found) {
    console.error(
      `the build has no chunk for ${key}: renamed or removed? Update scripts/bundle-budgets.mjs.`,
    );
    process.exit(1);
  }
  return found;
}

/** The files that loading `keys` fetches: each chunk, its static imports (transitively) and their CSS. */
function filesOf(keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (wanted) => {
    const key = resolve(wanted);
    if (seen.has(key)) return;
    seen.add(key);
    const found = chunk(key);
    files.add(found.file);
    for (const css of found.css ?? []) files.add(css);
    for (const imported of found.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { files, keys: seen };
}

function sizes(files, without = new Set()) {
  const total = { js: 0, css: 0 };
  for (const file of files) {
    if (without.has(file)) continue;
    if (file.endsWith('.js')) total.js += gzipSize(file);
    else if (file.endsWith('.css')) total.css += gzipSize(file);
  }
  return total;
}

const staticLanding = filesOf([entryKey]);
// Every dynamic import made by the landing's code must be accounted for.
const known = new Set([...Object.values(CATALOGUES), ...ON_DEMAND.flatMap((page) => page.load)].map(resolve));
const unknown = [...staticLanding.keys]
  .flatMap((key) => manifest[key].dynamicImports ?? [])
  .filter((key) => !known.has(key));
if (unknown.length > 0) {
  console.error(
    `the landing imports ${unknown.join(', ')} dynamically: list it in scripts/bundle-budgets.mjs (CATALOGUES, or ON_DEMAND if it does not load on first render).`,
  );
  process.exit(1);
}

const rows = [];
let failed = false;
const kb = (bytes) => `${(bytes / kB).toFixed(1)} kB`;
function check(name, total, budget) {
  const over = total.js > budget.js || (budget.css !== undefined && total.css > budget.css);
  if (over) failed = true;
  rows.push([
    name,
    kb(total.js),
    kb(budget.js),
    total.css ? kb(total.css) : '-',
    budget.css !== undefined ? kb(budget.css) : '-',
    over ? 'OVER' : 'ok',
  ]);
}

let landingFiles = null;
for (const [language, key] of Object.entries(CATALOGUES)) {
  const { files } = filesOf([entryKey, key]);
  landingFiles ??= files;
  check(`landing /travel, first render (${language})`, sizes(files), LANDING);
}
for (const page of ON_DEMAND) {
  check(page.name, sizes(filesOf(page.load).files, landingFiles), page);
}

const header = ['gzipped, level 9', 'JS', 'budget', 'CSS', 'budget', ''];
const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
const line = (row) =>
  row
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
    .join('  ');
console.info(line(header));
for (const row of rows) console.info(line(row));

console.info('\nthe landing (English) loads:');
for (const file of [...landingFiles].sort((a, b) => gzipSize(b) - gzipSize(a))) {
  console.info(`${kb(gzipSize(file)).padStart(10)}  ${file}`);
}
if (failed) {
  console.error('\nover budget: see docs/decisions/022-the-landing-within-120-kb.md before raising a budget');
  process.exit(1);
}
