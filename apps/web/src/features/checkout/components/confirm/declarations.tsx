import type { TCountry } from '@lionrock/domain/market/market';
import { useId, useState } from 'react';
import { CheckField } from '../../../../components/ui/check-field';
import { Modal } from '../../../../components/ui/modal';
import { documentLink } from '../../../../lib/documents';
import { useTranslation } from '../../../../lib/i18n';
import styles from './confirm-cards.module.css';

export type TConsentTicks = { declaration1: boolean; declaration2: boolean; marketing: boolean };
type TPopup = 'declarations' | 'exclusions' | 'wording' | 'pics' | 'dataTransfer';

/**
 * The confirm page's consents (travel-flow sections 2 and 5): declaration 1 (declarations, major
 * exclusions, policy wording, personal information collection statement, each readable in a popup),
 * declaration 2 (use of personal data for servicing and claims), both required; optional marketing,
 * naming the agency when an agent is attached.
 */
export function Declarations({
  ticks,
  onChange,
  errors,
  agency,
  country,
}: {
  ticks: TConsentTicks;
  onChange: (kind: keyof TConsentTicks, given: boolean) => void;
  errors: Partial<Record<'declaration1' | 'declaration2', string>>;
  agency: string | null;
  country: TCountry;
}) {
  const { t, list } = useTranslation();
  const id = useId();
  const [popup, setPopup] = useState<TPopup | null>(null);
  const open = (which: TPopup) => (
    <button type="button" className={styles.linkButton} onClick={() => setPopup(which)}>
      {t(`confirm.popups.${which}.link`)}
    </button>
  );
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('confirm.declarationsTitle')}
      </h2>
      <CheckField
        id={`${id}-declaration1`}
        checked={ticks.declaration1}
        onChange={(given) => onChange('declaration1', given)}
        label={t('confirm.declaration1')}
        error={errors.declaration1 ? t(errors.declaration1) : undefined}
      >
        <p className={styles.readLinks}>
          <span>{t('confirm.read')}</span>
          {open('declarations')}
          {open('exclusions')}
          {open('wording')}
          {open('pics')}
        </p>
      </CheckField>
      <CheckField
        id={`${id}-declaration2`}
        checked={ticks.declaration2}
        onChange={(given) => onChange('declaration2', given)}
        label={t('confirm.declaration2')}
        error={errors.declaration2 ? t(errors.declaration2) : undefined}
      >
        <p className={styles.readLinks}>
          <span>{t('confirm.read')}</span>
          {open('dataTransfer')}
        </p>
      </CheckField>
      <CheckField
        id={`${id}-marketing`}
        checked={ticks.marketing}
        onChange={(given) => onChange('marketing', given)}
        label={agency ? t('confirm.marketingWithAgency', { agency }) : t('confirm.marketing')}
      />
      {popup ? (
        <Modal
          open
          onClose={() => setPopup(null)}
          title={t(`confirm.popups.${popup}.title`)}
          size={popup === 'wording' ? 'small' : 'default'}
        >
          {popup === 'wording' ? (
            <>
              <p>{t('confirm.popups.wording.text')}</p>
              <p>
                <a {...documentLink('travel', 'policyWording', country)}>
                  {t('confirm.popups.wording.download')}
                </a>
              </p>
            </>
          ) : (
            <ul className={styles.popupList}>
              {/* The transfer notice names the market's own data law (PDPA in Singapore, PDPO in Hong Kong). */}
              {list(
                popup === 'dataTransfer' && country === 'HKG'
                  ? 'confirm.popups.dataTransfer.itemsHKG'
                  : `confirm.popups.${popup}.items`,
              ).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </Modal>
      ) : null}
    </section>
  );
}
