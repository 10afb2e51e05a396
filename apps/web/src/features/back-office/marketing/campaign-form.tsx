import {
  CAMPAIGN_COUNTRIES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PRODUCTS,
  CAMPAIGN_STATUSES,
  MAX_DISCOUNT_BASIS_POINTS,
  MAX_DISCOUNT_CENTS,
  type TCampaignInput,
} from '@lionrock/domain/back-office/campaign-rules';
import { type TCampaignRequest, ZCampaignRequest } from '@lionrock/domain/back-office/marketing-requests';
import { isCountry, MARKETS as MARKETS_BY_CODE } from '@lionrock/domain/market/market';
import {
  basisPointsOfTyped,
  centsOfTyped,
  formatPlainAmount,
  typedPercent,
} from '@lionrock/domain/money/money';
import type { Path } from 'react-hook-form';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from '../staff-form';
import { MARKETS, PRODUCTS } from './campaign-shared';

/**
 * The campaign form's values: the request's, but the discount and the voucher as staff type them (a
 * percentage, or dollars and cents; the voucher empty for none) and the promo code's two fields as one
 * choice. The request carries basis points and cents (issue 31: staff do not type those).
 */
type TCampaignForm = Omit<
  TCampaignInput,
  'discountValue' | 'voucherCents' | 'promoCodeRequired' | 'promoCodeReusability'
> & {
  discountValue: string;
  voucherCents: string;
  promoCode: 'NONE' | 'REUSABLE' | 'SINGLE_USE';
};

/** The currency sign of the campaign's market, as its amounts are shown. */
const currencyOf = (country: string) => (isCountry(country) ? MARKETS_BY_CODE[country].currencySymbol : '');

/** The campaign form's choices (selects). */
type TChoice = 'country' | 'productCode' | 'status' | 'discountType' | 'promoCode';

/** The form's values of a saved campaign (or of a new one: the page's `EMPTY`). */
function campaignForm(campaign: TCampaignInput): TCampaignForm {
  return {
    campaignCode: campaign.campaignCode,
    campaignName: campaign.campaignName,
    status: campaign.status,
    productCode: campaign.productCode,
    country: campaign.country,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    marketingMessage: campaign.marketingMessage,
    marketingMessageCn: campaign.marketingMessageCn,
    promoCode: campaign.promoCodeRequired ? campaign.promoCodeReusability : 'NONE',
    promoCodeDescription: campaign.promoCodeDescription,
    promoCodeDescriptionCn: campaign.promoCodeDescriptionCn,
    discountType: campaign.discountType,
    discountValue:
      campaign.discountType === 'PERCENT'
        ? typedPercent(campaign.discountValue)
        : formatPlainAmount(campaign.discountValue),
    termsConditionsEn: campaign.termsConditionsEn,
    termsConditionsCn: campaign.termsConditionsCn,
    voucherCents: campaign.voucherCents === null ? '' : formatPlainAmount(campaign.voucherCents),
    voucherDescription: campaign.voucherDescription,
    voucherDescriptionCn: campaign.voucherDescriptionCn,
  };
}

/**
 * The request the campaign form sends: the percentage in basis points, dollars in cents (each read by
 * the domain's one rule, a typed value that is not one failing the schema as NaN), the promo code's two
 * fields.
 */
function toCampaignRequest(values: TCampaignForm): unknown {
  const { discountValue, voucherCents, promoCode, ...rest } = values;
  const discount =
    values.discountType === 'PERCENT' ? basisPointsOfTyped(discountValue) : centsOfTyped(discountValue);
  return {
    ...rest,
    promoCodeRequired: promoCode !== 'NONE',
    promoCodeReusability: promoCode === 'SINGLE_USE' ? 'SINGLE_USE' : 'REUSABLE',
    discountValue: discount ?? Number.NaN,
    voucherCents: voucherCents.trim() === '' ? null : (centsOfTyped(voucherCents) ?? Number.NaN),
  };
}

/** The campaign form's words for each problem, by the request's path (and the problem's kind). */
const CAMPAIGN_MESSAGES: Partial<Record<string, string>> = {
  campaignCode: 'Use 3 to 20 capital letters and digits.',
  campaignName: `Give the campaign a name of at most ${CAMPAIGN_NAME_MAX} characters.`,
  startDate: 'Enter a real date.',
  endDate: 'Enter a real date.',
  discountValue: 'Enter a number, 0 or more, with at most 2 decimals.',
  voucherCents: 'A voucher is an amount in dollars and cents above 0, or none.',
  'termsConditionsEn:invalid_format': 'Write the terms in English.',
  'termsConditionsCn:invalid_format': 'Write the terms in Chinese.',
};

function campaignProblem(issue: TFormIssue): string | undefined {
  // A rule between fields says itself (campaignErrors' words, through the domain's schema).
  if (issue.code === 'custom' && issue.message) return issue.message;
  if (issue.path === 'discountValue' && issue.code === 'too_big')
    return issue.maximum === MAX_DISCOUNT_CENTS
      ? `An amount off is at most ${(MAX_DISCOUNT_CENTS / 100).toFixed(2)}.`
      : `A percentage discount is at most ${MAX_DISCOUNT_BASIS_POINTS / 100}%.`;
  return CAMPAIGN_MESSAGES[`${issue.path}:${issue.code}`] ?? CAMPAIGN_MESSAGES[issue.path];
}

/**
 * A campaign's form, new or saved, with every spec field: checked with the domain's `ZCampaignRequest`
 * before sending (and by the server again), then `onSaved` with the campaign's id.
 */
export function CampaignForm({
  initial,
  campaignId,
  onSaved,
  onCancel,
}: {
  initial: TCampaignInput;
  campaignId: number | null;
  onSaved: (campaignId: number) => void;
  onCancel: () => void;
}) {
  const defaults = campaignForm(initial);
  const form = useStaffForm<TCampaignForm, TCampaignRequest>({
    defaultValues: defaults,
    schema: ZCampaignRequest,
    toRequest: toCampaignRequest,
    messages: campaignProblem,
    // The server names the request's fields; the promo code's two are the form's one choice.
    aliases: { promoCodeRequired: 'promoCode', promoCodeReusability: 'promoCode' },
  });
  const { register } = form;
  const saving = form.formState.isSubmitting;
  const send = form.submitWith(async (request) => {
    const answer = await backOfficeCall<{ campaignId: number }>(
      campaignId === null ? 'POST' : 'PUT',
      campaignId === null ? '/admin/campaigns' : `/admin/campaigns/${campaignId}`,
      request,
    );
    onSaved(answer.campaignId);
  });
  const text = (
    name: Path<TCampaignForm>,
    label: string,
    options: { wide?: boolean; area?: boolean; hint?: string } = {},
  ) => (
    <FormField
      form={form}
      name={name}
      label={label}
      hint={options.hint}
      className={options.wide ? styles.wide : undefined}
    >
      {(control) =>
        options.area ? (
          <textarea {...control} rows={3} {...register(name)} />
        ) : (
          <input {...control} {...register(name)} />
        )
      }
    </FormField>
  );

  const choice = (name: TChoice, label: string, options: readonly (readonly [string, string])[]) => (
    <FormField form={form} name={name} label={label}>
      {(control) => (
        // The saved choice is React's default as well: react-hook-form keeps the shown option of a
        // select that looks changed (every select does where `size` is missing, as in jsdom).
        <select {...control} defaultValue={defaults[name]} {...register(name)}>
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <form className={styles.card} onSubmit={send} noValidate aria-busy={saving}>
      <h2 className={shell.heading}>
        {campaignId === null ? 'New campaign' : `Edit ${initial.campaignCode}`}
      </h2>
      <div className={styles.grid}>
        {text('campaignCode', 'Campaign code', { hint: '3 to 20 capitals and digits; it appears in links' })}
        {text('campaignName', 'Name')}
        {choice(
          'country',
          'Market',
          CAMPAIGN_COUNTRIES.map((country) => [country, MARKETS[country] ?? country]),
        )}
        {choice(
          'productCode',
          'Product',
          CAMPAIGN_PRODUCTS.map((product) => [product, PRODUCTS[product] ?? product]),
        )}
        {choice(
          'status',
          'Status',
          CAMPAIGN_STATUSES.map((status) => [status, status === 'ACTIVE' ? 'Active' : 'Inactive']),
        )}
        <FormField form={form} name="startDate" label="First day">
          {(control) => <RegisteredDateField {...control} label="First day" {...register('startDate')} />}
        </FormField>
        <FormField form={form} name="endDate" label="Last day">
          {(control) => <RegisteredDateField {...control} label="Last day" {...register('endDate')} />}
        </FormField>
        {choice('discountType', 'Discount kind', [
          ['PERCENT', 'Percentage of the premium'],
          ['AMOUNT', 'Amount off'],
        ])}
        <FormField
          form={form}
          name="discountValue"
          label="Discount"
          hint={
            form.watch('discountType') === 'PERCENT'
              ? 'A percentage: 15 for 15%, 12.5 for 12.5%.'
              : `Dollars and cents: 20.00 for ${currencyOf(form.watch('country'))}20.00 off.`
          }
        >
          {(control) => <input {...control} inputMode="decimal" {...register('discountValue')} />}
        </FormField>
        {text('marketingMessage', 'Banner message (English)', { wide: true })}
        {text('marketingMessageCn', 'Banner message (Chinese)', { wide: true })}
        {choice('promoCode', 'Promo code', [
          ['NONE', 'Not needed'],
          ['REUSABLE', 'Needed: one code for everyone'],
          ['SINGLE_USE', 'Needed: single-use codes'],
        ])}
        {text('promoCodeDescription', 'Where the code comes from (English)')}
        {text('promoCodeDescriptionCn', 'Where the code comes from (Chinese)')}
        {text('termsConditionsEn', 'Terms and conditions (English)', { wide: true, area: true })}
        {text('termsConditionsCn', 'Terms and conditions (Chinese)', { wide: true, area: true })}
        <FormField
          form={form}
          name="voucherCents"
          label="Voucher per policy (optional)"
          hint="Its value in dollars and cents, e.g. 15.00."
        >
          {(control) => <input {...control} inputMode="decimal" {...register('voucherCents')} />}
        </FormField>
        {text('voucherDescription', 'Voucher (English)')}
        {text('voucherDescriptionCn', 'Voucher (Chinese)')}
      </div>
      <FormMessages form={form} />
      <div className={styles.formRow}>
        <button type="submit" className={shell.primary} disabled={saving}>
          {saving ? 'Saving…' : 'Save campaign'}
        </button>
        <button type="button" className={shell.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
