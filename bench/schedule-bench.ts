// CPU a policy schedule costs to draw (issue 19, decisions 093 and 095), in this process as a document
// thread draws it: English and Chinese travel schedules, each for a different customer and policy number,
// timed with process.cpuUsage after a warm-up; then the sha256 of every PDF, so a change meant to make
// drawing cheaper can show it leaves the bytes as they were.
// `cd bench && npx node schedule-bench.ts [renders] [en|zh]` (default 40 of each language).
import { createHash } from 'node:crypto';
import {
  renderPolicySchedule,
  type TIssuedPolicy,
} from '@lionrock/server/src/modules/document/policy-schedule.ts';
import { BUNDLED_BENEFIT_SCHEDULES } from '@lionrock/server/src/modules/policy/benefit-schedules.ts';
import { BUNDLED_DOCUMENT_RATES } from '@lionrock/server/test/helpers/bundled-document-rates.ts';
import { issuedTravelPolicy } from '@lionrock/server/test/helpers/issued-travel-policy.ts';

const RENDERS = Number(process.argv[2] ?? 40);
const SURNAMES = ['TAN', 'LIM', 'NG', 'WONG', 'CHAN', 'LEE', 'ONG', 'GOH'];
const GIVEN = ['WEI MING', 'MEI LING', 'KAH HENG', 'SIEW LAN', 'JUN JIE', 'HUI MIN'];
const ZH_NAMES = ['张伟', '王芳', '李娜', '陈静', '刘洋', '黄敏', '周杰', '吴婷'];

/** The travel schedule of customer `index`: a name and policy number of its own. */
function issuedPolicy(index: number, language: 'en' | 'zh'): TIssuedPolicy {
  const name =
    language === 'zh'
      ? ZH_NAMES[index % ZH_NAMES.length]!
      : `${SURNAMES[index % SURNAMES.length]} ${GIVEN[index % GIVEN.length]}`;
  return {
    ...issuedTravelPolicy(`TSG26-${String(1000 + index).padStart(7, '0')}`, {
      name,
      planName: 'SUPER',
      receiptNumber: `RSG26-${String(500 + index).padStart(7, '0')}`,
      language,
    }),
    issuedAt: new Date(Date.UTC(2026, 10, 23, 2, index % 60)),
  };
}

async function measure(language: 'en' | 'zh') {
  // Warm-up: the fonts are parsed once per thread, and V8 compiles the drawing code.
  for (let index = 0; index < 5; index += 1)
    await renderPolicySchedule(
      issuedPolicy(1000 + index, language),
      BUNDLED_BENEFIT_SCHEDULES,
      BUNDLED_DOCUMENT_RATES,
    );
  const hash = createHash('sha256');
  const policies = Array.from({ length: RENDERS }, (_, index) => issuedPolicy(index, language));
  const before = process.cpuUsage();
  let bytes = 0;
  for (const policy of policies) {
    const pdf = await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES);
    bytes += pdf.length;
    hash.update(pdf);
  }
  const used = process.cpuUsage(before);
  return {
    language,
    msPerSchedule: (used.user + used.system) / 1000 / RENDERS,
    kilobytes: bytes / 1024 / RENDERS,
    sha256: hash.digest('hex').slice(0, 16),
  };
}

if (import.meta.main) {
  console.info(`| schedule | renders | CPU ms a schedule | kB a schedule | sha256 of all (first 16) |`);
  console.info('|---|---:|---:|---:|---|');
  const languages = process.argv[3] ? [process.argv[3] as 'en' | 'zh'] : (['en', 'zh'] as const);
  for (const language of languages) {
    const result = await measure(language);
    console.info(
      `| travel, ${language === 'en' ? 'English' : 'Chinese'} | ${RENDERS} | ${result.msPerSchedule.toFixed(1)} | ${result.kilobytes.toFixed(1)} | ${result.sha256} |`,
    );
  }
}
