import { COVER_START_WINDOW_DAYS } from '@lionrock/domain/dates/cover-period';
import {
  addDays,
  formatDmy,
  formatIso,
  parseDmy,
  parseIso,
  type TLocalDate,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import {
  BUILDING_AGE_BANDS,
  CONTENTS_CHOICES,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  HOME_COVERS,
  OCCUPANCIES,
  type THomeCover,
} from '@lionrock/domain/home/home-model';
import { MARKETS } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { validatePolicy } from '@lionrock/domain/policy/policy-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BannerCarousel } from '../../../app/shell/banner-carousel';
import { DateField } from '../../../components/ui/date-field';
import { FeatureGrid, OtherPackages, ProductHero } from '../../../components/ui/product-page';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { useLinkAgent } from '../../../lib/use-link-agent';
import { useSystemStore } from '../../../state/system-store';
import { callErrorKey, checkoutApi, showRatingError } from '../../checkout/api/checkout-api';
import { PromoCodeField } from '../../checkout/components/promo/promo-code-field';
import { useErrorTitle } from '../../checkout/hooks/use-error-title';
import { usePromoField } from '../../checkout/hooks/use-promo-field';
import styles from '../components/home.module.css';
import { Field, RadioField, useMessageText } from '../components/home-fields';
import { HOME_STEPS } from '../home-steps';
import { type THomePart, useHomeJourney } from '../state/home-journey-store';

/**
 * The home landing (`/home`, `/home/partner/{agent}/…`; decision 059): the customer's home as the
 * market rates it — Singapore's dwelling and HDB flat type, Hong Kong's floor area and building age —
 * who occupies it, the contents sum, optional covers and the start date; Get quote prices every plan.
 */
export function HomePage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const location = useLocation();
  const country = useSystemStore((state) => state.country);
  const lang = useSystemStore((state) => state.lang);
  // The link's agent (its card is the header's, an invalid link's notice the shell's: issue 29).
  const { agent, validAgent } = useLinkAgent();
  const stored = useHomeJourney((state) => state.policy);
  const setQuoteInput = useHomeJourney((state) => state.setQuoteInput);
  const setQuoted = useHomeJourney((state) => state.setQuoted);
  useErrorTitle('homeQuote.errorTitle');
  const today: TLocalDate = todayIn(MARKETS[country].timeZone, new Date());
  const sameMarket = stored.country === country;
  const start =
    sameMarket && stored.policyHome.effectiveDate ? parseDmy(stored.policyHome.effectiveDate) : null;
  const [values, setValues] = useState<Partial<THomePart>>(() => {
    const home = stored.policyHome;
    return {
      dwellingType: country === 'HKG' ? 'CONDO' : home.dwellingType,
      hdbFlatType: country === 'SGP' ? (home.hdbFlatType ?? '4_ROOM') : undefined,
      floorArea: sameMarket && country === 'HKG' ? home.floorArea : undefined,
      buildingAge: sameMarket && country === 'HKG' ? home.buildingAge : undefined,
      ownership: home.ownership,
      contentsSumInsured: CONTENTS_CHOICES[country].includes(home.contentsSumInsured ?? 0)
        ? home.contentsSumInsured
        : CONTENTS_CHOICES[country][0],
      optionalCovers: home.optionalCovers ?? [],
      effectiveDate: formatDmy(start ?? addDays(today, 1)),
    };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The landing link's campaign and promo code (/home/campaign/{code}, /home/promo/{code}).
  const link = parseLandingPath(location.pathname, new URLSearchParams(location.search));
  // The promotion code (pa-home-payments section 5): checked on blur and before the quote, kept as typed.
  const promo = usePromoField({
    market: { productType: 'PHM', country, campaignCode: link.campaign },
    initial: link.promo ?? (sameMarket ? (stored.promo ?? '') : ''),
    onKeep: (code) => {
      if (!useHomeJourney.getState().policy.policyNumber) useHomeJourney.getState().setPromo(code);
    },
  });
  const change = (patch: Partial<THomePart>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const errorOf = (field: string) => errors[`policyHome.${field}`];
  const money = (amount: number) => formatMoney(amount * 100, country);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      ...values,
      hdbFlatType: country === 'SGP' && values.dwellingType === 'HDB' ? values.hdbFlatType : undefined,
      floorArea: country === 'HKG' ? values.floorArea : undefined,
      buildingAge: country === 'HKG' ? values.buildingAge : undefined,
    };
    const market = { country, lang, ...(agent ? { agentCode: agent.agentCode } : {}) };
    // A campaign link (/home/campaign/{code}) prices the quote under its campaign; the server checks it.
    const { campaign } = parseLandingPath(location.pathname, new URLSearchParams(location.search));
    // The journey's policy is complete by construction (the store's empty policy and the form's answers):
    // no schema parse here, so zod stays out of the page's scripts (decision 020).
    const policy = {
      ...stored,
      ...market,
      campaign: campaign ? { campaignCode: campaign } : undefined,
      policyHome: { ...stored.policyHome, ...input, policyPremium: undefined },
    } as TPolicy;
    const error = validatePolicy(policy, 'quote', today);
    if (error) {
      setErrors({ [error.field]: messageText(error.messageKey) ?? '' });
      document
        .querySelector<HTMLElement>(
          `[data-field="${error.field.replace('policyHome.', '')}"] input, [data-field="${error.field.replace('policyHome.', '')}"] select`,
        )
        ?.focus();
      return;
    }
    setBusy(true);
    // A refused promotion code keeps the customer here, its message beside the field.
    if (!(await promo.confirm())) {
      setBusy(false);
      document.getElementById('home-promo')?.focus();
      return;
    }
    setQuoteInput(input, {
      ...market,
      campaign: campaign ? { campaignCode: campaign } : undefined,
      promo: promo.value.trim().toUpperCase(),
    });
    try {
      const answer = await checkoutApi.multirate(useHomeJourney.getState().policy);
      if (answer.errorMessage || answer.messageKey || !answer.policyHome?.premiumItems.length) {
        showRatingError(answer, (key) => setErrors({ form: messageText(key) ?? '' }));
        return;
      }
      setQuoted(answer, `${location.pathname}${location.search}`);
      navigate('/home/quote');
    } catch (failure) {
      setErrors({ form: messageText(callErrorKey(failure)) ?? '' });
    } finally {
      setBusy(false);
    }
  }

  const covers = HOME_COVERS.map((cover) => ({ cover, label: t(`homeLanding.covers.${cover}`) }));
  const toggleCover = (cover: THomeCover, on: boolean) =>
    change({
      optionalCovers: on
        ? [...(values.optionalCovers ?? []), cover]
        : (values.optionalCovers ?? []).filter((chosen) => chosen !== cover),
    });

  return (
    <>
      <ProductHero title={t('homeLanding.title')} subtitle={t(`homeLanding.subtitle${country}`)} />
      <div className={styles.page}>
        <Stepper current={1} steps={HOME_STEPS} />
        <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="home-form-title">
          <h2 id="home-form-title" className={styles.wide}>
            {t('homeLanding.formTitle')}
          </h2>
          {country === 'SGP' ? (
            <>
              <RadioField
                name="dwellingType"
                legend={t('homeLanding.dwellingType')}
                options={DWELLING_TYPES.map((type) => ({
                  value: type,
                  label: t(`homeLanding.dwellings.${type}`),
                }))}
                value={values.dwellingType}
                onChange={(dwellingType) => change({ dwellingType })}
                wide
              />
              {values.dwellingType === 'HDB' ? (
                <Field name="hdbFlatType" label={t('homeLanding.hdbFlatType')} error={errorOf('hdbFlatType')}>
                  {({ id, describedBy, invalid }) => (
                    <select
                      id={id}
                      className={styles.input}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={values.hdbFlatType ?? ''}
                      onChange={(event) =>
                        change({ hdbFlatType: event.target.value as THomePart['hdbFlatType'] })
                      }
                    >
                      {HDB_FLAT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`homeLanding.hdbFlatTypes.${type}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : null}
            </>
          ) : (
            <>
              <Field
                name="floorArea"
                label={t('homeLanding.floorArea')}
                hint={t('homeLanding.floorAreaHint')}
                error={errorOf('floorArea')}
              >
                {({ id, describedBy, invalid }) => (
                  <select
                    id={id}
                    className={styles.input}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    value={values.floorArea ?? ''}
                    onChange={(event) => change({ floorArea: event.target.value as THomePart['floorArea'] })}
                  >
                    <option value="">{t('homeLanding.choose')}</option>
                    {FLOOR_AREA_BANDS.map((band) => (
                      <option key={band} value={band}>
                        {t(`homeLanding.floorAreas.${band}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field name="buildingAge" label={t('homeLanding.buildingAge')} error={errorOf('buildingAge')}>
                {({ id, describedBy, invalid }) => (
                  <select
                    id={id}
                    className={styles.input}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    value={values.buildingAge ?? ''}
                    onChange={(event) =>
                      change({ buildingAge: event.target.value as THomePart['buildingAge'] })
                    }
                  >
                    <option value="">{t('homeLanding.choose')}</option>
                    {BUILDING_AGE_BANDS.map((band) => (
                      <option key={band} value={band}>
                        {t(`homeLanding.buildingAges.${band}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          )}
          <RadioField
            name="ownership"
            legend={t('homeLanding.occupancy')}
            options={OCCUPANCIES.map((occupancy) => ({
              value: occupancy,
              label: t(`homeLanding.occupancies.${occupancy}`),
            }))}
            value={values.ownership}
            onChange={(ownership) => change({ ownership })}
            hint={t(`homeLanding.occupancyHints.${values.ownership ?? 'OWNER'}`)}
            wide
          />
          <Field
            name="contentsSumInsured"
            label={t('homeLanding.contents')}
            hint={t('homeLanding.contentsHint')}
            error={errorOf('contentsSumInsured')}
          >
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className={styles.input}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={values.contentsSumInsured}
                onChange={(event) => change({ contentsSumInsured: Number(event.target.value) })}
              >
                {CONTENTS_CHOICES[country].map((amount) => (
                  <option key={amount} value={amount}>
                    {money(amount)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            name="effectiveDate"
            label={t('homeLanding.startDate')}
            hint={t('homeLanding.startDateHint', { days: COVER_START_WINDOW_DAYS })}
            error={errorOf('effectiveDate')}
          >
            {({ id, describedBy, invalid }) => (
              <DateField
                id={id}
                label={t('homeLanding.startDate')}
                className={styles.input}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                earliest={today}
                latest={addDays(today, COVER_START_WINDOW_DAYS)}
                value={values.effectiveDate ? formatIso(parseDmy(values.effectiveDate) ?? today) : ''}
                onChange={(event) => {
                  const date = parseIso(event.target.value);
                  change({ effectiveDate: date ? formatDmy(date) : '' });
                }}
              />
            )}
          </Field>
          <fieldset className={`${styles.field} ${styles.wide}`} data-field="optionalCovers">
            <legend className={styles.label}>{t('homeLanding.optionalCovers')}</legend>
            <p className={styles.hint}>{t('homeLanding.optionalCoversHint')}</p>
            <div className={styles.options}>
              {covers.map(({ cover, label }) => (
                <label key={cover} className={styles.option}>
                  <input
                    type="checkbox"
                    name="optionalCovers"
                    value={cover}
                    checked={(values.optionalCovers ?? []).includes(cover)}
                    onChange={(event) => toggleCover(cover, event.target.checked)}
                  />
                  <span>{label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <PromoCodeField
            id="home-promo"
            classes={{ ...styles, field: `${styles.field} ${styles.wide}` }}
            value={promo.value}
            error={promo.error}
            checking={promo.checking}
            onChange={promo.change}
            onBlur={promo.blur}
          />
          {errors.form ? (
            <p className={`${styles.error} ${styles.wide}`} role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.submit} disabled={busy || !validAgent} aria-busy={busy}>
              {t('homeLanding.getQuote')}
            </button>
          </div>
        </form>
      </div>
      <BannerCarousel product="PHM" />
      <FeatureGrid
        title={t('homeLanding.featuresTitle')}
        features={[
          { title: t('homeLanding.features.contentsTitle'), text: t('homeLanding.features.contentsText') },
          {
            title: t('homeLanding.features.renovationTitle'),
            text: t(`homeLanding.features.renovationText${country}`),
          },
          { title: t('homeLanding.features.liabilityTitle'), text: t('homeLanding.features.liabilityText') },
        ]}
      />
      <OtherPackages current="home" />
    </>
  );
}
