import type { TDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import {
  HOME_LINK_PLANS,
  PA_LINK_PLANS,
  TRAVEL_LINK_PLANS,
} from '@lionrock/domain/back-office/quote-link-rules';
import type {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '@lionrock/domain/home/home-model';
import { PA_CHILDREN_LIMITS } from '@lionrock/domain/pa/pa-limits';
import type { Path } from 'react-hook-form';
import shell from '../back-office.module.css';
import { useQuoteWords } from '../desk-quote/customer-quote-words';
import type { TDeskQuoteForm } from '../desk-quote/desk-quote-form';
import { HomeChoices } from '../desk-quote/home-choices';
import { PaChoices } from '../desk-quote/pa-choices';
import { customerChoosesOption, numberOptions, TravelChoices } from '../desk-quote/travel-choices';
import { FormField, fieldPathsOf, type TStaffForm } from '../staff-form';
import { useDeskWords } from './desk-words';

/** '' is "the customer chooses"; a count chosen and then left to the customer again reads NaN. */
type TOr<T> = T | '';
type TCount = number | '';

/**
 * "Share a quote link" as typed (decisions 083, 090): the link's own fields, and each product's
 * choices at the desk quote form's paths (`travel.destination`), so the desk quote's choice components
 * draw them and a problem lands on the field it names. Every choice may be left to the customer.
 */
export type TQuoteLinkForm = {
  product: 'travel' | 'pa' | 'home';
  market: 'SGP' | 'HKG';
  lang: 'en' | 'zh';
  subAgentCode: string;
  campaignCode: string;
  prefillOn: boolean;
  travel: {
    tripType: TOr<'S' | 'A'>;
    destination: TOr<'6' | '3'>;
    travellers: {
      travellerType: TOr<'ID' | 'CP' | 'FM'>;
      individuals: TCount;
      adults: TCount;
      children: TCount;
    };
    plan: string;
  };
  pa: {
    occupation: string;
    insuredPersonType: TOr<'individual' | 'family'>;
    adults: TCount;
    children: TCount;
    plan: string;
  };
  home: {
    dwellingType: TOr<(typeof DWELLING_TYPES)[number]>;
    hdbFlatType: TOr<(typeof HDB_FLAT_TYPES)[number]>;
    floorArea: TOr<(typeof FLOOR_AREA_BANDS)[number]>;
    buildingAge: TOr<(typeof BUILDING_AGE_BANDS)[number]>;
    ownership: TOr<(typeof OCCUPANCIES)[number]>;
    /** One of the market's `CONTENTS_CHOICES`, as the select holds it. */
    contentsSumInsured: string;
    plan: string;
  };
};

/** A new link: the agent's market, English, no pre-filled choices (each left to the customer). */
export function quoteLinkDefaults(market: 'SGP' | 'HKG'): TQuoteLinkForm {
  return {
    product: 'travel',
    market,
    lang: 'en',
    subAgentCode: '',
    campaignCode: '',
    prefillOn: false,
    travel: {
      tripType: '',
      destination: '',
      travellers: { travellerType: '', individuals: '', adults: '', children: '' },
      plan: '',
    },
    pa: { occupation: '', insuredPersonType: '', adults: '', children: '', plan: '' },
    home: {
      dwellingType: '',
      hdbFlatType: '',
      floorArea: '',
      buildingAge: '',
      ownership: '',
      contentsSumInsured: '',
      plan: '',
    },
  };
}

/** A choice made, or undefined when it is the customer's. */
const chosen = <T extends string>(value: TOr<T>): T | undefined => value || undefined;
const counted = (value: TCount): number | undefined =>
  typeof value === 'number' && !Number.isNaN(value) ? value : undefined;

/** The product's choices the link carries: only those made, and only those the market's form asks. */
function prefillOf(values: TQuoteLinkForm) {
  const { product, market } = values;
  if (product === 'travel') {
    const { travel } = values;
    const type = chosen(travel.travellers.travellerType);
    const count = (name: 'individuals' | 'adults' | 'children') => counted(travel.travellers[name]);
    return {
      tripType: chosen(travel.tripType),
      destination: chosen(travel.destination),
      travellers: type && {
        travellerType: type,
        individuals: type === 'ID' ? (count('individuals') ?? 1) : type === 'CP' ? 2 : 0,
        adults: type === 'FM' ? (count('adults') ?? 1) : 0,
        children: type === 'FM' ? (count('children') ?? 0) : 0,
      },
      plan: chosen(travel.plan),
    };
  }
  if (product === 'pa') {
    const { pa } = values;
    const covered = chosen(pa.insuredPersonType);
    return {
      occupation: chosen(pa.occupation),
      insuredPersonType: covered,
      // An individual is one adult; a family one or two, and its children (pa-home-payments section 5).
      adults: covered === 'family' ? (counted(pa.adults) ?? 1) : covered && 1,
      children: covered === 'family' ? (counted(pa.children) ?? 0) : covered && 0,
      plan: chosen(pa.plan),
    };
  }
  const { home } = values;
  const hdb = market === 'SGP' && home.dwellingType === 'HDB';
  return {
    dwellingType: chosen(home.dwellingType),
    // Singapore rates an HDB flat by its type, Hong Kong a home by floor area and age (decision 057).
    hdbFlatType: hdb ? chosen(home.hdbFlatType) : undefined,
    floorArea: market === 'HKG' ? chosen(home.floorArea) : undefined,
    buildingAge: market === 'HKG' ? chosen(home.buildingAge) : undefined,
    ownership: chosen(home.ownership),
    contentsSumInsured: home.contentsSumInsured ? Number(home.contentsSumInsured) : undefined,
    plan: chosen(home.plan),
  };
}

/**
 * The request the form's values make (the domain's `ZQuoteLinkChoices`): codes only when typed, and
 * the chosen product's choices only when the link is pre-filled.
 */
export function toQuoteLinkChoices(values: TQuoteLinkForm): unknown {
  const subAgentCode = values.subAgentCode.trim();
  const campaignCode = values.campaignCode.trim();
  return {
    product: values.product,
    market: values.market,
    lang: values.lang,
    ...(subAgentCode ? { subAgentCode } : {}),
    ...(campaignCode ? { campaignCode } : {}),
    ...(values.prefillOn ? { [values.product]: prefillOf(values) } : {}),
  };
}

/**
 * The server names a refused choice by its place in the request (`prefill.pa.occupation`); the form
 * holds it at the quote form's path. The travellers are refused as a whole, at who travels.
 */
export const PREFILL_FIELD_ALIASES: Record<string, Path<TQuoteLinkForm>> = Object.fromEntries([
  ...fieldPathsOf(quoteLinkDefaults('SGP'))
    .filter((path) => /^(travel|pa|home)\./.test(path))
    .map((path) => [`prefill.${path}`, path]),
  ['prefill.travel.travellers', 'travel.travellers.travellerType'],
]);

const PLANS = { travel: TRAVEL_LINK_PLANS, pa: PA_LINK_PLANS, home: HOME_LINK_PLANS } as const;

/**
 * The quote form's choices for a pre-filled link (decision 090), drawn by the desk quote's own choice
 * components with each select starting at "the customer chooses"; the link adds the plan to
 * preselect and, for a family's accident cover, how many adults and children.
 */
export function QuoteLinkPrefill({ form }: { form: TStaffForm<TQuoteLinkForm, unknown> }) {
  const { w: q } = useQuoteWords();
  const { w } = useDeskWords();
  const { register, watch } = form;
  const product = watch('product');
  const market = watch('market');
  const covered = watch('pa.insuredPersonType');
  const link = { customerChooses: w('customerChooses') };
  const open = customerChoosesOption(link);
  const numbers = (name: 'pa.adults' | 'pa.children', label: string, min: number, max: number) => (
    <FormField form={form} name={name} label={label}>
      {(props) => (
        <select {...props} {...register(name, { valueAsNumber: true })}>
          {open}
          {numberOptions(min, max)}
        </select>
      )}
    </FormField>
  );
  const plan = (
    <FormField form={form} name={`${product}.plan`} label={w('planChoice')}>
      {(props) => (
        <select {...props} {...register(`${product}.plan`)}>
          {open}
          {PLANS[product].map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  // The link's choices sit at the desk quote form's paths, each also taking '' (the customer chooses).
  const quoteForm = form as unknown as TStaffForm<TDeskQuoteForm, TDeskQuoteRequest>;
  return (
    <fieldset className={shell.fieldGroup}>
      <legend className={shell.label}>{w('prefillLegend')}</legend>
      <p>{w('prefillHint')}</p>
      {product === 'travel' ? (
        <TravelChoices form={quoteForm} link={{ ...link, more: plan }} />
      ) : product === 'pa' ? (
        <PaChoices
          form={quoteForm}
          link={{
            ...link,
            more: (
              <>
                {covered === 'family' ? numbers('pa.adults', q('adults'), 1, 2) : null}
                {covered === 'family'
                  ? numbers('pa.children', q('children'), 0, PA_CHILDREN_LIMITS[market])
                  : null}
                {plan}
              </>
            ),
          }}
        />
      ) : (
        <HomeChoices form={quoteForm} link={{ ...link, more: plan }} />
      )}
    </fieldset>
  );
}
