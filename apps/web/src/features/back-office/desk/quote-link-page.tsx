import {
  LINK_CODE_MAX,
  quoteLinkRequestOf,
  type TQuoteLinkChoices,
  ZQuoteLinkChoices,
} from '@lionrock/domain/back-office/quote-link-request';
import { PRODUCT_TYPE_OF_KEY } from '@lionrock/domain/product/products';
import { useState } from 'react';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { quoteProblemText, useQuoteWords } from '../desk-quote/customer-quote-words';
import { useAgentMarket } from '../signed-in-account';
import { staffDay } from '../staff-dates';
import { FormField, FormMessages, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import styles from './desk.module.css';
import { money, type TDeskWord, useDeskWords } from './desk-words';
import {
  PREFILL_FIELD_ALIASES,
  QuoteLinkPrefill,
  quoteLinkDefaults,
  type TQuoteLinkForm,
  toQuoteLinkChoices,
} from './quote-link-prefill';

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

/**
 * "Share a quote link": a landing link carrying the agent's code (and sub-agent, campaign, language),
 * or a pre-filled one (decision 090) carrying the quote form's choices too. The form checks the link
 * with the domain's `ZQuoteLinkChoices` (every problem at once, focus on the first); a refusal naming a
 * field or a choice lands on it.
 */
export default function QuoteLinkPage() {
  const { w, language } = useDeskWords();
  const { w: q } = useQuoteWords();
  // The agent's own market first: it sells there only (decision 111).
  const agentMarket = useAgentMarket();
  const form = useStaffForm<TQuoteLinkForm, TQuoteLinkChoices>({
    defaultValues: quoteLinkDefaults(agentMarket ?? 'SGP'),
    schema: ZQuoteLinkChoices,
    toRequest: toQuoteLinkChoices,
    messages: (issue) => quoteProblemText(issue, q),
    aliases: PREFILL_FIELD_ALIASES,
  });
  const { register, watch, setValue } = form;
  const prefillOn = watch('prefillOn');
  const [link, setLink] = useState('');
  const [copyState, setCopyState] = useState<'' | 'copied' | 'failed'>('');
  const stored = useStaffQuery<{ items: TStoredLink[] }>('/desk/quote-links');
  const links = stored.data?.items ?? null;
  const loadLinks = stored.reload;

  const send = form.submitWith(async (choices, values) => {
    setLink('');
    setCopyState('');
    // A pre-filled link is stored and counted (decision 090); a plain one is the landing's own path.
    const { prefill, ...plain } = quoteLinkRequestOf(choices);
    const answer = values.prefillOn
      ? await backOfficeCall<TLinkAnswer>('POST', '/desk/quote-links', { ...plain, prefill })
      : await backOfficeCall<TLinkAnswer>('POST', '/desk/links', plain);
    setLink(`${window.location.origin}${answer.path}`);
    if (values.prefillOn) void loadLinks();
  });
  const busy = form.formState.isSubmitting;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  return (
    <section className={shell.card} lang={language} aria-labelledby="link-heading">
      <h1 id="link-heading" className={shell.heading}>
        {w('linkHeading')}
      </h1>
      <p>{w('linkIntro')}</p>
      <form className={shell.form} onSubmit={send} noValidate aria-busy={busy}>
        <FormField form={form} name="product" label={w('linkProduct')}>
          {(props) => (
            <select {...props} {...register('product')}>
              {PRODUCTS.map((value) => (
                <option key={value} value={value}>
                  {w(`product.${PRODUCT_TYPE_OF_KEY[value]}` as TDeskWord)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="market" label={w('linkMarket')}>
          {(props) => (
            <select
              {...props}
              {...register('market', {
                // The contents sums and a family's children are the market's own: chosen again.
                onChange: () => {
                  setValue('home.contentsSumInsured', '');
                  setValue('pa.children', '');
                },
              })}
            >
              {(agentMarket ? [agentMarket] : (['SGP', 'HKG'] as const)).map((value) => (
                <option key={value} value={value}>
                  {w(`market.${value}` as TDeskWord)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="lang" label={w('linkLanguage')}>
          {(props) => (
            <select {...props} {...register('lang')}>
              <option value="en">{w('lang.en')}</option>
              <option value="zh">{w('lang.zh')}</option>
            </select>
          )}
        </FormField>
        <FormField form={form} name="subAgentCode" label={w('linkSubAgent')}>
          {(props) => <input {...props} maxLength={LINK_CODE_MAX} {...register('subAgentCode')} />}
        </FormField>
        <FormField form={form} name="campaignCode" label={w('linkCampaign')}>
          {(props) => <input {...props} maxLength={LINK_CODE_MAX} {...register('campaignCode')} />}
        </FormField>
        <div className={shell.field}>
          <label>
            <input type="checkbox" {...register('prefillOn')} /> {w('prefillOn')}
          </label>
        </div>
        {prefillOn ? <QuoteLinkPrefill form={form} /> : null}
        <FormMessages form={form} problems={q('problems')} />
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
