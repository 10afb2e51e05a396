import type { TDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import {
  BUILDING_AGE_BANDS,
  CONTENTS_CHOICES,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '@lionrock/domain/home/home-model';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import { FormField, type TStaffForm } from '../staff-form';
import { ChoicesLoading } from './choices-loading';
import { type TQuoteWord, useQuoteWords } from './customer-quote-words';
import type { TDeskQuoteForm } from './desk-quote-form';
import { customerChoosesOption, type TLinkChoices } from './travel-choices';

/** The home quote's choices, as the shop's home form asks them in each market. */
export function HomeChoices({
  form,
  link,
}: {
  form: TStaffForm<TDeskQuoteForm, TDeskQuoteRequest>;
  /** Drawn for a pre-filled quote link (travel-choices.tsx). */
  link?: TLinkChoices | undefined;
}) {
  const { w, choice, choicesReady } = useQuoteWords();
  const { register, watch } = form;
  const market = watch('market');
  const dwellingType = watch('home.dwellingType');
  const open = customerChoosesOption(link);
  const choose = (
    name: 'dwellingType' | 'hdbFlatType' | 'floorArea' | 'buildingAge' | 'ownership',
    label: TQuoteWord,
    options: readonly string[],
    section: 'dwellings' | 'hdbFlatTypes' | 'floorAreas' | 'buildingAges' | 'occupancies',
  ) => (
    <FormField form={form} name={`home.${name}`} label={w(label)}>
      {(props) => (
        <select {...props} {...register(`home.${name}`)}>
          {open}
          {options.map((option) => (
            <option key={option} value={option}>
              {choice(`homeLanding.${section}.${option}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const currency = market === 'HKG' ? 'HKD' : 'SGD';
  if (!choicesReady) return <ChoicesLoading text={w('loadingChoices')} />;
  return (
    <>
      {/* Hong Kong's form asks the floor area and age instead, as the shop's does. */}
      {market === 'SGP' ? choose('dwellingType', 'dwellingType', DWELLING_TYPES, 'dwellings') : null}
      {market === 'SGP' && dwellingType === 'HDB'
        ? choose('hdbFlatType', 'hdbFlatType', HDB_FLAT_TYPES, 'hdbFlatTypes')
        : null}
      {market === 'HKG' ? (
        <>
          {choose('floorArea', 'floorArea', FLOOR_AREA_BANDS, 'floorAreas')}
          {choose('buildingAge', 'buildingAge', BUILDING_AGE_BANDS, 'buildingAges')}
        </>
      ) : null}
      {choose('ownership', 'ownership', OCCUPANCIES, 'occupancies')}
      <FormField form={form} name="home.contentsSumInsured" label={w('contents')}>
        {(props) => (
          <select {...props} {...register('home.contentsSumInsured')}>
            {open}
            {CONTENTS_CHOICES[market].map((amount) => (
              <option key={amount} value={String(amount)}>
                {currency} {amount.toLocaleString('en')}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {link ? null : (
        <FormField form={form} name="home.effectiveDate" label={w('effectiveDate')}>
          {(props) => (
            <RegisteredDateField {...props} label={w('effectiveDate')} {...register('home.effectiveDate')} />
          )}
        </FormField>
      )}
      {link?.more}
    </>
  );
}
