import { FREE_LOOK_DAYS, INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { TAX_TABLE } from '@lionrock/domain/tax/tax';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import styles from './info-page.module.css';

export type TInfoPage = 'about' | 'contact' | 'terms' | 'privacy';

/**
 * The sections of each page, by the page's market (decision 042): Singapore's carry the Policy Owners'
 * Protection Scheme, FIDReC and the PDPA notice; Hong Kong's the IA levy, the Insurance Complaints Bureau
 * and the PDPO's collection statement. A section's text is `text{SGP|HKG}` where the markets differ.
 */
const SECTIONS: Record<TInfoPage, Record<TCountry, readonly string[]>> = {
  about: {
    SGP: ['who', 'promise', 'ppf', 'disputes', 'demo'],
    HKG: ['who', 'promise', 'levy', 'disputes', 'demo'],
  },
  contact: {
    SGP: ['assistance', 'service', 'claims', 'complaints', 'dpo', 'post'],
    HKG: ['assistance', 'service', 'claims', 'complaints', 'dpo', 'post'],
  },
  terms: {
    SGP: ['use', 'cover', 'prices', 'freeLook', 'disclosure', 'protection', 'content', 'liability', 'law'],
    HKG: ['use', 'cover', 'prices', 'freeLook', 'disclosure', 'protection', 'content', 'liability', 'law'],
  },
  privacy: {
    SGP: [
      'introSGP',
      'collect',
      'purposes',
      'obligatory',
      'transferees',
      'marketing',
      'retention',
      'rights',
      'dpo',
      'cookies',
    ],
    HKG: [
      'introHKG',
      'collect',
      'purposes',
      'obligatory',
      'transferees',
      'marketing',
      'retention',
      'rights',
      'dpo',
      'cookies',
    ],
  },
};

/** The footer's pages: about us, contact us, terms of use, privacy policy, for the visit's market. */
export function InfoPage({ page }: { page: TInfoPage }) {
  const { t, exists } = useTranslation();
  const country = useSystemStore((state) => state.country);
  const contacts = INSURER_CONTACTS[country];
  const levy = TAX_TABLE.HKG;
  // Numbers and addresses come from one place (packages/domain), so the schedule and this page agree.
  const values = {
    legalName: t(`info.legalNames.${country}`),
    assistance: contacts.assistance,
    hotline: contacts.hotline,
    email: contacts.email,
    claimsEmail: contacts.claimsEmail,
    dpoEmail: contacts.dpoEmail,
    address: contacts.postalAddress,
    freeLookDays: FREE_LOOK_DAYS[country],
    levyRate: `${levy.basisPoints.PTR / 100}%`,
    levyCap: formatMoney(levy.capCents, 'HKG'),
  };
  return (
    <article className={styles.page}>
      <h1>{t(`info.${page}Title`)}</h1>
      <p className={styles.market}>{t('info.marketNote', { market: t(`info.markets.${country}`) })}</p>
      {SECTIONS[page][country].map((section) => {
        const base = `info.${page}.${section}`;
        const key = exists(`${base}.text${country}`) ? `${base}.text${country}` : `${base}.text`;
        return (
          <section key={section} className={styles.section} aria-labelledby={`info-${section}`}>
            <h2 id={`info-${section}`}>{t(`${base}.title`)}</h2>
            {t(key, values)
              .split('\n')
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </section>
        );
      })}
    </article>
  );
}
