import { PRODUCT_TYPE_OF_KEY } from '@lionrock/domain/product/products';
import { type FormEvent, useState } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useAgentMarket } from '../signed-in-account';
import { staffDay } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import styles from './desk.module.css';
import { money, type TDeskWord, useDeskWords } from './desk-words';
import { prefillOf, QuoteLinkPrefill, type TPrefillValues } from './quote-link-prefill';

type TLinkAnswer = { path: string };
type TStoredLink = {
  code: string;
  path: string;
  product: 'travel' | 'pa' | 'home';
  market: string;
  currency: string;
  subAgentCode: string | null;
  campaignCode: string | null;
  createdAt: string;
  opens: number;
  quotes: number;
  sales: number;
  commissionCents: number;
};
const PRODUCTS = ['travel', 'pa', 'home'] as const;

/** "Share a quote link": a landing link carrying the agent's code (and sub-agent, campaign, language). */
export default function QuoteLinkPage() {
  const { w, language } = useDeskWords();
  const [product, setProduct] = useState<(typeof PRODUCTS)[number]>('travel');
  // The agent's own market first: it sells there only (decision 111).
  const agentMarket = useAgentMarket();
  const [market, setMarket] = useState<'SGP' | 'HKG'>(agentMarket ?? 'SGP');
  const [lang, setLang] = useState<'en' | 'zh'>('en');
  const [subAgentCode, setSubAgentCode] = useState('');
  const [campaignCode, setCampaignCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);
  const [link, setLink] = useState('');
  const [copyState, setCopyState] = useState<'' | 'copied' | 'failed'>('');
  const [prefillOn, setPrefillOn] = useState(false);
  const [prefill, setPrefill] = useState<TPrefillValues>({});
  const stored = useStaffQuery<{ items: TStoredLink[] }>('/desk/quote-links');
  const links = stored.data?.items ?? null;
  const loadLinks = stored.reload;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setLink('');
    setCopyState('');
    try {
      // A pre-filled link is stored and counted (decision 090); a plain one is the landing's own path.
      const answer = await backOfficeCall<TLinkAnswer>(
        'POST',
        prefillOn ? '/desk/quote-links' : '/desk/links',
        {
          product,
          market,
          lang,
          ...(subAgentCode.trim() ? { subAgentCode: subAgentCode.trim() } : {}),
          ...(campaignCode.trim() ? { campaignCode: campaignCode.trim() } : {}),
          ...(prefillOn ? { prefill: prefillOf(product, prefill) } : {}),
        },
      );
      setLink(`${window.location.origin}${answer.path}`);
      if (prefillOn) void loadLinks();
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
            onChange={(event) => {
              setProduct(event.target.value as (typeof PRODUCTS)[number]);
              setPrefill({});
            }}
          >
            {PRODUCTS.map((value) => (
              <option key={value} value={value}>
                {w(`product.${PRODUCT_TYPE_OF_KEY[value]}` as TDeskWord)}
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
            onChange={(event) => {
              setMarket(event.target.value as 'SGP' | 'HKG');
              setPrefill({});
            }}
          >
            {(agentMarket ? [agentMarket] : (['SGP', 'HKG'] as const)).map((value) => (
              <option key={value} value={value}>
                {w(`market.${value}` as TDeskWord)}
              </option>
            ))}
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
        <div className={shell.field}>
          <label>
            <input
              type="checkbox"
              checked={prefillOn}
              onChange={(event) => setPrefillOn(event.target.checked)}
            />{' '}
            {w('prefillOn')}
          </label>
        </div>
        {prefillOn && (
          <QuoteLinkPrefill
            product={product}
            market={market}
            values={prefill}
            onChange={setPrefill}
            error={error?.field?.startsWith('prefill.') ? error : null}
          />
        )}
        {error &&
          error.field !== 'subAgentCode' &&
          error.field !== 'campaignCode' &&
          !error.field?.startsWith('prefill.') && (
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
          <p>{w(prefillOn ? 'prefillNote' : 'linkNote')}</p>
          <button className={shell.secondary} type="button" onClick={copy}>
            {w('copy')}
          </button>
          {copyState === 'copied' && <p role="status">{w('copied')}</p>}
          {copyState === 'failed' && <p role="alert">{w('copyFailed')}</p>}
        </div>
      )}
      <h2 id="my-links-heading">{w('myLinks')}</h2>
      {stored.error ? (
        <p className={shell.formError} role="alert">
          {w('linksFailed')}
        </p>
      ) : null}
      {links && links.length === 0 && <p>{w('noLinks')}</p>}
      {links && links.length > 0 && (
        <DataTable
          labelledBy="my-links-heading"
          testId="my-links"
          rows={links}
          rowKey={(item) => item.code}
          columns={[
            {
              header: w('linkColumn'),
              cell: (item) => `${item.path}${item.subAgentCode ? ` (${item.subAgentCode})` : ''}`,
              className: styles.link,
            },
            {
              header: w('linkProduct'),
              cell: (item) =>
                `${w(`product.${PRODUCT_TYPE_OF_KEY[item.product]}` as TDeskWord)} · ${w(`market.${item.market}` as TDeskWord)}`,
            },
            {
              header: w('made'),
              cell: (item) => staffDay(item.createdAt),
              sortValue: (item) => item.createdAt,
            },
            {
              header: w('opens'),
              cell: (item) => item.opens,
              numeric: true,
              sortValue: (item) => item.opens,
            },
            {
              header: w('quotes'),
              cell: (item) => item.quotes,
              numeric: true,
              sortValue: (item) => item.quotes,
            },
            {
              header: w('sales'),
              cell: (item) => item.sales,
              numeric: true,
              sortValue: (item) => item.sales,
            },
            {
              header: w('commission'),
              cell: (item) => money(item.commissionCents, item.currency),
              numeric: true,
              sortValue: (item) => item.commissionCents,
            },
          ]}
        />
      )}
    </section>
  );
}
