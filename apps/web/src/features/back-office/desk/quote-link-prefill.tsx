import {
  HOME_LINK_PLANS,
  PA_LINK_PLANS,
  type TQuoteLinkPrefill,
  TRAVEL_LINK_PLANS,
} from '@lionrock/domain/back-office/quote-link-rules';
import {
  BUILDING_AGE_BANDS,
  CONTENTS_CHOICES,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '@lionrock/domain/home/home-model';
import { OCCUPATIONS, occupationLabel } from '@lionrock/domain/pa/occupation';
import type { ReactNode } from 'react';
import shell from '../back-office.module.css';
import { type TQuoteWord, useQuoteWords } from '../desk-quote/customer-quote-words';
import { useDeskWords } from './desk-words';

/** The choices as the selects hold them: '' is "the customer chooses". */
export type TPrefillValues = Record<string, string>;

const NUMBERS = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

/** The prefill the API takes: only what was chosen, numbers as numbers. */
export function prefillOf(product: 'travel' | 'pa' | 'home', values: TPrefillValues): TQuoteLinkPrefill {
  const chosen = (key: string) => values[key] || undefined;
  const count = (key: string) => (values[key] ? Number(values[key]) : undefined);
  if (product === 'travel') {
    const type = chosen('travellerType') as 'ID' | 'CP' | 'FM' | undefined;
    return {
      travel: {
        tripType: chosen('tripType') as 'S' | 'A' | undefined,
        destination: chosen('destination'),
        travellers: type
          ? {
              travellerType: type,
              individuals: type === 'ID' ? (count('individuals') ?? 1) : type === 'CP' ? 2 : 0,
              adults: type === 'FM' ? (count('adults') ?? 1) : 0,
              children: type === 'FM' ? (count('children') ?? 0) : 0,
            }
          : undefined,
        plan: chosen('plan'),
      },
    };
  }
  if (product === 'pa') {
    const covered = chosen('covered') as 'individual' | 'family' | undefined;
    return {
      pa: {
        occupation: chosen('occupation'),
        insuredPersonType: covered,
        adults: covered === 'family' ? (count('adults') ?? 1) : covered ? 1 : undefined,
        children: covered === 'family' ? (count('children') ?? 0) : covered ? 0 : undefined,
        plan: chosen('plan'),
      },
    };
  }
  return {
    home: {
      dwellingType: chosen('dwellingType'),
      hdbFlatType: chosen('hdbFlatType'),
      floorArea: chosen('floorArea'),
      buildingAge: chosen('buildingAge'),
      ownership: chosen('ownership'),
      contentsSumInsured: count('contents'),
      plan: chosen('plan'),
    },
  };
}

/**
 * The quote form's choices for a pre-filled link (decision 090): each select starts at "the customer
 * chooses"; a field the API refused shows its message beside it (`prefill.travel.plan`).
 */
export function QuoteLinkPrefill({
  product,
  market,
  values,
  onChange,
  error,
}: {
  product: 'travel' | 'pa' | 'home';
  market: 'SGP' | 'HKG';
  values: TPrefillValues;
  onChange: (values: TPrefillValues) => void;
  error: { field?: string | undefined; message: string } | null;
}) {
  const { w: q, language } = useQuoteWords();
  const { w } = useDeskWords();
  const set = (key: string, value: string) => onChange({ ...values, [key]: value });

  const select = (key: string, label: string, options: [string, string][], apiField: string): ReactNode => {
    const id = `prefill-${key}`;
    const invalid = error?.field === `prefill.${product}.${apiField}`;
    return (
      <div className={shell.field} key={key}>
        <label className={shell.label} htmlFor={id}>
          {label}
        </label>
        <select
          id={id}
          className={shell.input}
          value={values[key] ?? ''}
          onChange={(event) => set(key, event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        >
          <option value="">{w('customerChooses')}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        {invalid && (
          <p className={shell.error} id={`${id}-error`} role="alert">
            {error.message}
          </p>
        )}
      </div>
    );
  };
  const worded = (list: readonly string[], prefix: string): [string, string][] =>
    list.map((value) => [value, q(`${prefix}.${value}` as TQuoteWord)]);
  const plain = (list: readonly string[]): [string, string][] => list.map((value) => [value, value]);
  const plan = (plans: readonly string[]) => select('plan', w('planChoice'), plain(plans), 'plan');

  let fields: ReactNode[];
  if (product === 'travel') {
    fields = [
      select('tripType', q('tripType'), worded(['S', 'A'], 'trip'), 'tripType'),
      select('destination', q('destination'), worded(['6', '3'], 'destination'), 'destination'),
      select('travellerType', q('travellerType'), worded(['ID', 'CP', 'FM'], 'travellers'), 'travellers'),
      values.travellerType === 'ID' &&
        select('individuals', q('individuals'), plain(NUMBERS(1, 20)), 'travellers'),
      values.travellerType === 'FM' && select('adults', q('adults'), plain(NUMBERS(1, 2)), 'travellers'),
      values.travellerType === 'FM' && select('children', q('children'), plain(NUMBERS(0, 9)), 'travellers'),
      plan(TRAVEL_LINK_PLANS),
    ];
  } else if (product === 'pa') {
    fields = [
      select(
        'occupation',
        q('occupation'),
        OCCUPATIONS.map((entry) => [entry.code, occupationLabel(entry, language)]),
        'occupation',
      ),
      select('covered', q('covered'), worded(['individual', 'family'], 'covered'), 'insuredPersonType'),
      values.covered === 'family' && select('adults', q('adults'), plain(NUMBERS(1, 2)), 'adults'),
      values.covered === 'family' &&
        select('children', q('children'), plain(NUMBERS(0, market === 'HKG' ? 18 : 9)), 'children'),
      plan(PA_LINK_PLANS),
    ];
  } else {
    fields = [
      select('dwellingType', q('dwellingType'), worded(DWELLING_TYPES, 'dwelling'), 'dwellingType'),
      market === 'SGP' &&
        values.dwellingType === 'HDB' &&
        select('hdbFlatType', q('hdbFlatType'), worded(HDB_FLAT_TYPES, 'flat'), 'hdbFlatType'),
      market === 'HKG' &&
        select('floorArea', q('floorArea'), worded(FLOOR_AREA_BANDS, 'floorArea'), 'floorArea'),
      market === 'HKG' &&
        select('buildingAge', q('buildingAge'), worded(BUILDING_AGE_BANDS, 'buildingAge'), 'buildingAge'),
      select('ownership', q('ownership'), worded(OCCUPANCIES, 'ownership'), 'ownership'),
      select(
        'contents',
        q('contents'),
        CONTENTS_CHOICES[market].map((amount) => [
          String(amount),
          `${market === 'SGP' ? 'SGD' : 'HKD'} ${amount.toLocaleString('en')}`,
        ]),
        'contentsSumInsured',
      ),
      plan(HOME_LINK_PLANS),
    ];
  }
  return (
    <fieldset className={shell.field}>
      <legend className={shell.label}>{w('prefillLegend')}</legend>
      <p>{w('prefillHint')}</p>
      {fields}
    </fieldset>
  );
}
