import type { TDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import { TRAVELLER_LIMITS } from '@lionrock/domain/travel/trip-rules';
import type { ReactNode } from 'react';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import { FormField, type TStaffForm } from '../staff-form';
import { ChoicesLoading } from './choices-loading';
import { useQuoteWords } from './customer-quote-words';
import type { TDeskQuoteForm } from './desk-quote-form';

/**
 * The choices drawn for a pre-filled quote link (decision 090) rather than a quote: each may be left to
 * the customer (a first, empty option worded `customerChooses`), the dates and residency, never in a
 * link, are not asked, and `more` (the link's own choices, such as its plan) follows them.
 */
export type TLinkChoices = { customerChooses: string; more?: ReactNode };

/** The empty first option of a link's choice ('' is "the customer chooses"), or none for a quote. */
export const customerChoosesOption = (link: TLinkChoices | undefined) =>
  link ? <option value="">{link.customerChooses}</option> : null;

/** The options of a count chosen from a list, `min` to `max`. */
export const numberOptions = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, index) => String(min + index)).map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));

/** The travel quote's choices: the trip, its dates and who travels, within the shop's own limits. */
export function TravelChoices({
  form,
  link,
}: {
  form: TStaffForm<TDeskQuoteForm, TDeskQuoteRequest>;
  /** Drawn for a pre-filled quote link (`TLinkChoices`). */
  link?: TLinkChoices | undefined;
}) {
  const { w, choice, choicesReady } = useQuoteWords();
  const { register, watch } = form;
  const tripType = watch('travel.tripType');
  const travellerType = watch('travel.travellers.travellerType');
  const open = customerChoosesOption(link);
  const count = (name: 'individuals' | 'adults' | 'children', min: number, max: number) => (
    <FormField form={form} name={`travel.travellers.${name}`} label={w(name)}>
      {(props) =>
        // A link's counts are a choice among the shop's own (one of them or the customer's).
        link ? (
          <select {...props} {...register(`travel.travellers.${name}`, { valueAsNumber: true })}>
            {open}
            {numberOptions(min, max)}
          </select>
        ) : (
          <input
            {...props}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            {...register(`travel.travellers.${name}`, { valueAsNumber: true })}
          />
        )
      }
    </FormField>
  );
  if (!choicesReady) return <ChoicesLoading text={w('loadingChoices')} />;
  return (
    <>
      <FormField form={form} name="travel.tripType" label={w('tripType')}>
        {(props) => (
          <select {...props} {...register('travel.tripType')}>
            {open}
            <option value="S">{choice('travelQuote.single')}</option>
            <option value="A">{choice('travelQuote.annual')}</option>
          </select>
        )}
      </FormField>
      <FormField form={form} name="travel.destination" label={w('destination')}>
        {(props) => (
          <select {...props} {...register('travel.destination')}>
            {open}
            <option value="6">{choice('travelQuote.destinations.6')}</option>
            <option value="3">{choice('travelQuote.destinations.3')}</option>
          </select>
        )}
      </FormField>
      {link ? null : (
        <FormField form={form} name="travel.departureDate" label={w('departure')}>
          {(props) => (
            <RegisteredDateField {...props} label={w('departure')} {...register('travel.departureDate')} />
          )}
        </FormField>
      )}
      {tripType === 'S' && !link ? (
        <FormField form={form} name="travel.returnDate" label={w('returnDate')}>
          {(props) => (
            <RegisteredDateField {...props} label={w('returnDate')} {...register('travel.returnDate')} />
          )}
        </FormField>
      ) : null}
      <FormField form={form} name="travel.travellers.travellerType" label={w('travellerType')}>
        {(props) => (
          <select {...props} {...register('travel.travellers.travellerType')}>
            {open}
            <option value="ID">{choice('confirm.travellerTypes.ID')}</option>
            <option value="CP">{choice('confirm.travellerTypes.CP')}</option>
            <option value="FM">{choice('confirm.travellerTypes.FM')}</option>
          </select>
        )}
      </FormField>
      {travellerType === 'ID'
        ? count('individuals', TRAVELLER_LIMITS.minIndividuals, TRAVELLER_LIMITS.maxIndividuals)
        : null}
      {travellerType === 'FM' ? (
        <>
          {count('adults', TRAVELLER_LIMITS.minAdults, TRAVELLER_LIMITS.maxAdults)}
          {count('children', 0, TRAVELLER_LIMITS.maxChildren)}
        </>
      ) : null}
      {link?.more}
    </>
  );
}
