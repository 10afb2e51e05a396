import type { TDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import { TRAVELLER_LIMITS } from '@lionrock/domain/travel/trip-rules';
import { FormField, type TStaffForm } from '../staff-form';
import { useQuoteWords } from './customer-quote-words';
import type { TDeskQuoteForm } from './desk-quote-form';

/** The travel quote's choices: the trip, its dates and who travels, within the shop's own limits. */
export function TravelChoices({ form }: { form: TStaffForm<TDeskQuoteForm, TDeskQuoteRequest> }) {
  const { w } = useQuoteWords();
  const { register, watch } = form;
  const tripType = watch('travel.tripType');
  const travellerType = watch('travel.travellers.travellerType');
  const count = (name: 'individuals' | 'adults' | 'children', min: number, max: number) => (
    <FormField form={form} name={`travel.travellers.${name}`} label={w(name)}>
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
    </FormField>
  );
  return (
    <>
      <FormField form={form} name="travel.tripType" label={w('tripType')}>
        {(props) => (
          <select {...props} {...register('travel.tripType')}>
            <option value="S">{w('trip.S')}</option>
            <option value="A">{w('trip.A')}</option>
          </select>
        )}
      </FormField>
      <FormField form={form} name="travel.destination" label={w('destination')}>
        {(props) => (
          <select {...props} {...register('travel.destination')}>
            <option value="6">{w('destination.6')}</option>
            <option value="3">{w('destination.3')}</option>
          </select>
        )}
      </FormField>
      <FormField form={form} name="travel.departureDate" label={w('departure')}>
        {(props) => <input {...props} type="date" {...register('travel.departureDate')} />}
      </FormField>
      {tripType === 'S' ? (
        <FormField form={form} name="travel.returnDate" label={w('returnDate')}>
          {(props) => <input {...props} type="date" {...register('travel.returnDate')} />}
        </FormField>
      ) : null}
      <FormField form={form} name="travel.travellers.travellerType" label={w('travellerType')}>
        {(props) => (
          <select {...props} {...register('travel.travellers.travellerType')}>
            <option value="ID">{w('travellers.ID')}</option>
            <option value="CP">{w('travellers.CP')}</option>
            <option value="FM">{w('travellers.FM')}</option>
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
    </>
  );
}
