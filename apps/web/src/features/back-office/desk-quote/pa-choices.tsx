import { OCCUPATIONS, occupationLabel } from '@lionrock/domain/pa/occupation';
import type { UseFormReturn } from 'react-hook-form';
import { useQuoteWords } from './customer-quote-words';
import { RESIDENCIES, type TDeskQuoteForm } from './desk-quote-form';
import { QuoteField } from './quote-field';

/** The personal accident quote's choices: the occupation, who is covered, the start and (Singapore) residency. */
export function PaChoices({ form }: { form: UseFormReturn<TDeskQuoteForm> }) {
  const { w, language } = useQuoteWords();
  const { register, watch, formState } = form;
  const { errors } = formState;
  const market = watch('market');
  return (
    <>
      <QuoteField errors={errors} name="pa.occupation" label={w('occupation')}>
        {(props) => (
          <select {...props} {...register('pa.occupation')}>
            <option value="">{w('chooseOccupation')}</option>
            {OCCUPATIONS.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {occupationLabel(entry, language)}
              </option>
            ))}
          </select>
        )}
      </QuoteField>
      <QuoteField errors={errors} name="pa.insuredPersonType" label={w('covered')}>
        {(props) => (
          <select {...props} {...register('pa.insuredPersonType')}>
            <option value="individual">{w('covered.individual')}</option>
            <option value="family">{w('covered.family')}</option>
          </select>
        )}
      </QuoteField>
      <QuoteField errors={errors} name="pa.effectiveDate" label={w('effectiveDate')}>
        {(props) => <input {...props} type="date" {...register('pa.effectiveDate')} />}
      </QuoteField>
      {market === 'SGP' ? (
        <QuoteField errors={errors} name="pa.residency" label={w('residency')}>
          {(props) => (
            <select {...props} {...register('pa.residency')}>
              {RESIDENCIES.map((value) => (
                <option key={value} value={value}>
                  {w(`residency.${value}`)}
                </option>
              ))}
            </select>
          )}
        </QuoteField>
      ) : null}
    </>
  );
}
