import { type FormEvent, useState } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import styles from './desk.module.css';
import { type TDeskWord, useDeskWords } from './desk-words';

type TLinkAnswer = { path: string };
const PRODUCTS = ['travel', 'pa', 'home'] as const;
const PRODUCT_CODE = { travel: 'PTR', pa: 'PAN', home: 'PHM' } as const;

/** "Share a quote link": a landing link carrying the agent's code (and sub-agent, campaign, language). */
export default function QuoteLinkPage() {
  const { w, language } = useDeskWords();
  const [product, setProduct] = useState<(typeof PRODUCTS)[number]>('travel');
  const [market, setMarket] = useState<'SGP' | 'HKG'>('SGP');
  const [lang, setLang] = useState<'en' | 'zh'>('en');
  const [subAgentCode, setSubAgentCode] = useState('');
  const [campaignCode, setCampaignCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);
  const [link, setLink] = useState('');
  const [copyState, setCopyState] = useState<'' | 'copied' | 'failed'>('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setLink('');
    setCopyState('');
    try {
      const answer = await backOfficeCall<TLinkAnswer>('POST', '/desk/links', {
        product,
        market,
        lang,
        ...(subAgentCode.trim() ? { subAgentCode: subAgentCode.trim() } : {}),
        ...(campaignCode.trim() ? { campaignCode: campaignCode.trim() } : {}),
      });
      setLink(`${window.location.origin}${answer.path}`);
    } catch (caught) {
      setError(
        caught instanceof BackOfficeError
          ? { message: caught.message, field: caught.field }
          : { message: String(caught) },
      );
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  const fieldError = (field: string) =>
    error?.field === field ? (
      <p className={shell.error} id={`link-${field}-error`} role="alert">
        {error.message}
      </p>
    ) : null;

  return (
    <section className={shell.card} lang={language} aria-labelledby="link-heading">
      <h1 id="link-heading" className={shell.heading}>
        {w('linkHeading')}
      </h1>
      <p>{w('linkIntro')}</p>
      <form className={shell.form} onSubmit={submit} noValidate>
        <div className={shell.field}>
          <label className={shell.label} htmlFor="link-product">
            {w('linkProduct')}
          </label>
          <select
            id="link-product"
            className={shell.input}
            value={product}
            onChange={(event) => setProduct(event.target.value as (typeof PRODUCTS)[number])}
          >
            {PRODUCTS.map((value) => (
              <option key={value} value={value}>
                {w(`product.${PRODUCT_CODE[value]}` as TDeskWord)}
              </option>
            ))}
          </select>
        </div>
        <div className={shell.field}>
          <label className={shell.label} htmlFor="link-market">
            {w('linkMarket')}
          </label>
          <select
            id="link-market"
            className={shell.input}
            value={market}
            onChange={(event) => setMarket(event.target.value as 'SGP' | 'HKG')}
          >
            <option value="SGP">{w('market.SGP')}</option>
            <option value="HKG">{w('market.HKG')}</option>
          </select>
        </div>
        <div className={shell.field}>
          <label className={shell.label} htmlFor="link-lang">
            {w('linkLanguage')}
          </label>
          <select
            id="link-lang"
            className={shell.input}
            value={lang}
            onChange={(event) => setLang(event.target.value as 'en' | 'zh')}
          >
            <option value="en">{w('lang.en')}</option>
            <option value="zh">{w('lang.zh')}</option>
          </select>
        </div>
        <div className={shell.field}>
          <label className={shell.label} htmlFor="link-subAgentCode">
            {w('linkSubAgent')}
          </label>
          <input
            id="link-subAgentCode"
            className={shell.input}
            value={subAgentCode}
            maxLength={50}
            onChange={(event) => setSubAgentCode(event.target.value)}
            aria-invalid={error?.field === 'subAgentCode'}
            aria-describedby={error?.field === 'subAgentCode' ? 'link-subAgentCode-error' : undefined}
          />
          {fieldError('subAgentCode')}
        </div>
        <div className={shell.field}>
          <label className={shell.label} htmlFor="link-campaignCode">
            {w('linkCampaign')}
          </label>
          <input
            id="link-campaignCode"
            className={shell.input}
            value={campaignCode}
            maxLength={50}
            onChange={(event) => setCampaignCode(event.target.value)}
            aria-invalid={error?.field === 'campaignCode'}
            aria-describedby={error?.field === 'campaignCode' ? 'link-campaignCode-error' : undefined}
          />
          {fieldError('campaignCode')}
        </div>
        {error && error.field !== 'subAgentCode' && error.field !== 'campaignCode' && (
          <p className={shell.formError} role="alert">
            {error.message}
          </p>
        )}
        <button className={shell.primary} type="submit" disabled={busy}>
          {busy ? w('linkBusy') : w('linkMake')}
        </button>
      </form>
      {link && (
        <div aria-live="polite">
          <h2>{w('linkResult')}</h2>
          <p className={styles.link} data-testid="quote-link">
            {link}
          </p>
          <p>{w('linkNote')}</p>
          <button className={shell.secondary} type="button" onClick={copy}>
            {w('copy')}
          </button>
          {copyState === 'copied' && <p role="status">{w('copied')}</p>}
          {copyState === 'failed' && <p role="alert">{w('copyFailed')}</p>}
        </div>
      )}
    </section>
  );
}
