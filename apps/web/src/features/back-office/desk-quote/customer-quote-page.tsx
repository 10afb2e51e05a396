import { type TDeskQuoteRequest, ZDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import { CONTENTS_CHOICES } from '@lionrock/domain/home/home-model';
import { useState } from 'react';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useAgentMarket } from '../signed-in-account';
import { FormField, FormMessages, useStaffForm } from '../staff-form';
import { quoteProblemText, useQuoteWords } from './customer-quote-words';
import {
  deskQuoteDefaults,
  SHOP_FIELD_ALIASES,
  type TDeskQuoteForm,
  toDeskQuoteRequest,
} from './desk-quote-form';
import { HomeChoices } from './home-choices';
import { PaChoices } from './pa-choices';
import { TravelChoices } from './travel-choices';

type TAnswer = {
  sentTo: string;
  currency: string;
  plans: Array<{ planCode: string; totalPremium: number }>;
};

/**
 * "Quote for a customer" (issue 18, decision 087): the agent fills the customer's choices; the form
 * checks them with the domain's `ZDeskQuoteRequest` (every problem at once, focus on the first), the
 * server rates them, saves the quote and e-mails its link to the customer. The desk sees where it went
 * (masked) and the plans, never the link. The form is react-hook-form's; each product's choices are a
 * component of their own.
 */
export default function CustomerQuotePage() {
  const { w, language } = useQuoteWords();
  // The agent's own market: it sells there only (decision 111).
  const agentMarket = useAgentMarket();
  const form = useStaffForm<TDeskQuoteForm, TDeskQuoteRequest>({
    defaultValues: deskQuoteDefaults(agentMarket ?? 'SGP'),
    schema: ZDeskQuoteRequest,
    toRequest: toDeskQuoteRequest,
    messages: (issue) => quoteProblemText(issue, w),
    aliases: SHOP_FIELD_ALIASES,
  });
  const { register, watch, setValue } = form;
  const product = watch('product');
  const [answer, setAnswer] = useState<TAnswer | null>(null);

  const send = form.submitWith(async (request) => {
    setAnswer(null);
    setAnswer(await backOfficeCall<TAnswer>('POST', '/desk/quotes', request));
  });
  const busy = form.formState.isSubmitting;

  return (
    <section className={`${shell.card} ${shell.wideCard}`} lang={language} aria-labelledby="cq-heading">
      <h1 id="cq-heading" className={shell.heading}>
        {w('heading')}
      </h1>
      <p>{w('intro')}</p>
      <form className={shell.form} onSubmit={send} noValidate aria-busy={busy}>
        <FormField form={form} name="product" label={w('product')}>
          {(props) => (
            <select {...props} {...register('product')}>
              <option value="travel">{w('product.travel')}</option>
              <option value="pa">{w('product.pa')}</option>
              <option value="home">{w('product.home')}</option>
            </select>
          )}
        </FormField>
        <FormField form={form} name="market" label={w('market')}>
          {(props) => (
            <select
              {...props}
              {...register('market', {
                // The contents sums are the market's own: a new market starts from its smallest.
                onChange: (event) =>
                  setValue(
                    'home.contentsSumInsured',
                    String(CONTENTS_CHOICES[event.target.value as 'SGP' | 'HKG'][0]),
                  ),
              })}
            >
              {(agentMarket ? [agentMarket] : (['SGP', 'HKG'] as const)).map((value) => (
                <option key={value} value={value}>
                  {w(`market.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="customerEmail" label={w('email')}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="off"
              maxLength={200}
              {...register('customerEmail')}
            />
          )}
        </FormField>
        <FormField form={form} name="language" label={w('language')}>
          {(props) => (
            <select {...props} {...register('language')}>
              <option value="en">{w('lang.en')}</option>
              <option value="zh">{w('lang.zh')}</option>
            </select>
          )}
        </FormField>
        {product === 'travel' ? (
          <TravelChoices form={form} />
        ) : product === 'home' ? (
          <HomeChoices form={form} />
        ) : (
          <PaChoices form={form} />
        )}
        <FormField form={form} name="subAgentCode" label={w('subAgent')}>
          {(props) => <input {...props} maxLength={50} {...register('subAgentCode')} />}
        </FormField>
        <FormField form={form} name="campaignCode" label={w('campaign')}>
          {(props) => <input {...props} maxLength={50} {...register('campaignCode')} />}
        </FormField>
        <FormMessages form={form} problems={w('problems')} />
        <button className={shell.primary} type="submit" disabled={busy}>
          {busy ? w('busy') : w('send')}
        </button>
      </form>
      {busy ? (
        <p className={shell.loading} role="status">
          {w('busy')}
        </p>
      ) : null}
      {answer ? (
        <div aria-live="polite">
          <p role="status" data-testid="customer-quote-sent">
            {w('sent', { email: answer.sentTo })}
          </p>
          <p>{w('sentNote')}</p>
          <DataTable
            caption={w('plans')}
            rows={answer.plans}
            rowKey={(plan) => plan.planCode}
            columns={[
              { header: w('plan'), cell: (plan) => plan.planCode },
              {
                header: w('total'),
                cell: (plan) => `${answer.currency} ${plan.totalPremium.toFixed(2)}`,
                numeric: true,
              },
            ]}
          />
        </div>
      ) : null}
    </section>
  );
}
