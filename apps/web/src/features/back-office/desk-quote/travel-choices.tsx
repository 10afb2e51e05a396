import { TRAVELLER_LIMITS } from '@lionrock/domain/travel/trip-rules';
import type { UseFormReturn } from 'react-hook-form';
import { useQuoteWords } from './customer-quote-words';
import type { TDeskQuoteForm } from './desk-quote-form';
import { QuoteField } from './quote-field';

/** The travel quote's choices: the trip, its dates and who travels, within the shop's own limits. */
export function TravelChoices({ form }: { form: UseFormReturn<TDeskQuoteForm> }) {
  const { w } = useQuoteWords();
  const { register, watch, formState } = form;
  const { errors } = formState;
  const tripType = watch('travel.tripType');
  const travellerType = watch('travel.travellers.travellerType');
  const count = (name: 'individuals' | 'adults' | 'children', min: number, max: number) => (
    <QuoteField errors={errors} name={`travel.travellers.${name}`} label={w(name)}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          {...register(`travel.travellers.${name}`, { valueAsNumber: true })}
        />
      )}
    </QuoteField>
  );
  return (
    <>
      <QuoteField errors={errors} name="travel.tripType" label={w('tripType')}>
        {(props) => (
          <select {...props} {...register('travel.tripType')}>
            <option value="S">{w('trip.S')}</option>
            <option value="A">{w('trip.A')}</option>
          </select>
        )}
      </QuoteField>
      <QuoteField errors={errors} name="travel.destination" label={w('destination')}>
        {(props) => (
          <select {...props} {...register('travel.destination')}>
            <option value="6">{w('destination.6')}</option>
            <option value="3">{w('destination.3')}</option>
          </select>
        )}
      </QuoteField>
      <QuoteField errors={errors} name="travel.departureDate" label={w('departure')}>
        {(props) => <input {...props} type="date" {...register('travel.departureDate')} />}
      </QuoteField>
      {tripType === 'S' ? (
        <QuoteField errors={errors} name="travel.returnDate" label={w('returnDate')}>
          {(props) => <input {...props} type="date" {...register('travel.returnDate')} />}
        </QuoteField>
      ) : null}
      <QuoteField errors={errors} name="travel.travellers.travellerType" label={w('travellerType')}>
        {(props) => (
          <select {...props} {...register('travel.travellers.travellerType')}>
            <option value="ID">{w('travellers.ID')}</option>
            <option value="CP">{w('travellers.CP')}</option>
            <option value="FM">{w('travellers.FM')}</option>
          </select>
        )}
      </QuoteField>
      {travellerType === 'ID'
        ? count('individuals', TRAVELLER_LIMITS.minIndividuals, TRAVELLER_LIMITS.maxIndividuals)
        : null}
      {travellerType === 'FM' ? (
        <>
          {count('adults', TRAVELLER_LIMITS.minAdults, TRAVELLER_LIMITS.maxAdults)}
          {count('children', 0, TRAVELLER_LIMITS.maxChildren)}
        </>
      ) : null}
    </>
  );
}
