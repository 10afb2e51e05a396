import { CONTENTS_CHOICES } from '@lionrock/domain/home/home-model';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useAgentMarket } from '../signed-in-account';
import { useQuoteWords } from './customer-quote-words';
import {
  deskQuoteDefaults,
  deskQuoteResolver,
  formFieldOf,
  type TDeskQuoteForm,
  type TDeskQuoteIssue,
  toDeskQuoteRequest,
} from './desk-quote-form';
import { HomeChoices } from './home-choices';
import { PaChoices } from './pa-choices';
import { QuoteField } from './quote-field';
import { TravelChoices } from './travel-choices';

type TAnswer = {
  sentTo: string;
  currency: string;
  plans: Array<{ planCode: string; totalPremium: number }>;
};

/** Every field the form may show, by the request's paths: where a server's refusal can be placed. */
const FIELDS = [
  'product',
  'market',
  'customerEmail',
  'language',
  'subAgentCode',
  'campaignCode',
  'travel.tripType',
  'travel.destination',
  'travel.departureDate',
  'travel.returnDate',
  'travel.travellers.travellerType',
  'travel.travellers.individuals',
  'travel.travellers.adults',
  'travel.travellers.children',
  'pa.occupation',
  'pa.insuredPersonType',
  'pa.effectiveDate',
  'pa.residency',
  'home.dwellingType',
  'home.hdbFlatType',
  'home.floorArea',
  'home.buildingAge',
  'home.ownership',
  'home.contentsSumInsured',
  'home.effectiveDate',
] as const;

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
  const form = useForm<TDeskQuoteForm>({
    defaultValues: deskQuoteDefaults(agentMarket ?? 'SGP'),
    resolver: deskQuoteResolver((issue) => problemText(issue, w)),
  });
  const { register, watch, setValue, setError, handleSubmit, formState } = form;
  const product = watch('product');
  const [answer, setAnswer] = useState<TAnswer | null>(null);
  const [formError, setFormError] = useState('');

  const send = handleSubmit(async (values) => {
    setAnswer(null);
    setFormError('');
    try {
      setAnswer(await backOfficeCall<TAnswer>('POST', '/desk/quotes', toDeskQuoteRequest(values)));
    } catch (caught) {
      const message = caught instanceof BackOfficeError ? caught.message : String(caught);
      const field = formFieldOf(caught instanceof BackOfficeError ? caught.field : undefined, FIELDS);
      if (field)
        setError(field as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: true });
      else setFormError(message);
    }
  });
  const busy = formState.isSubmitting;
  const problems = Object.keys(formState.errors).length > 0;

  return (
    <section className={`${shell.card} ${shell.wideCard}`} lang={language} aria-labelledby="cq-heading">
      <h1 id="cq-heading" className={shell.heading}>
        {w('heading')}
      </h1>
      <p>{w('intro')}</p>
      <form className={shell.form} onSubmit={send} noValidate aria-busy={busy}>
        {problems ? (
          <p className={shell.formError} role="status">
            {w('problems')}
          </p>
        ) : null}
        <QuoteField errors={formState.errors} name="product" label={w('product')}>
          {(props) => (
            <select {...props} {...register('product')}>
              <option value="travel">{w('product.travel')}</option>
              <option value="pa">{w('product.pa')}</option>
              <option value="home">{w('product.home')}</option>
            </select>
          )}
        </QuoteField>
        <QuoteField errors={formState.errors} name="market" label={w('market')}>
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
        </QuoteField>
        <QuoteField errors={formState.errors} name="customerEmail" label={w('email')}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="off"
              maxLength={200}
              {...register('customerEmail')}
            />
          )}
        </QuoteField>
        <QuoteField errors={formState.errors} name="language" label={w('language')}>
          {(props) => (
            <select {...props} {...register('language')}>
              <option value="en">{w('lang.en')}</option>
              <option value="zh">{w('lang.zh')}</option>
            </select>
          )}
        </QuoteField>
        {product === 'travel' ? (
          <TravelChoices form={form} />
        ) : product === 'home' ? (
          <HomeChoices form={form} />
        ) : (
          <PaChoices form={form} />
        )}
        <QuoteField errors={formState.errors} name="subAgentCode" label={w('subAgent')}>
          {(props) => <input {...props} maxLength={50} {...register('subAgentCode')} />}
        </QuoteField>
        <QuoteField errors={formState.errors} name="campaignCode" label={w('campaign')}>
          {(props) => <input {...props} maxLength={50} {...register('campaignCode')} />}
        </QuoteField>
        {formError ? (
          <p className={shell.formError} role="alert">
            {formError}
          </p>
        ) : null}
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

/** A problem the domain's schema found, in the desk's words. */
function problemText(issue: TDeskQuoteIssue, w: ReturnType<typeof useQuoteWords>['w']): string {
  const bound = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
  if (issue.code === 'too_big' && issue.origin === 'string')
    return w('tooLong', { max: bound(issue.maximum) });
  if (issue.code === 'too_small') return w('atLeast', { min: bound(issue.minimum) });
  if (issue.code === 'too_big') return w('atMost', { max: bound(issue.maximum) });
  if (issue.code === 'invalid_format') return w('dateNeeded');
  if (issue.code === 'invalid_value') return w('chooseOne');
  return w('checkField');
}
