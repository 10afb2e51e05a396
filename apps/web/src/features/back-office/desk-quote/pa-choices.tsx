import type { TDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import { OCCUPATIONS, occupationLabel } from '@lionrock/domain/pa/occupation';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import { FormField, type TStaffForm } from '../staff-form';
import { ChoicesLoading } from './choices-loading';
import { useQuoteWords } from './customer-quote-words';
import { RESIDENCIES, type TDeskQuoteForm } from './desk-quote-form';
import { customerChoosesOption, type TLinkChoices } from './travel-choices';

/** The personal accident quote's choices: the occupation, who is covered, the start and (Singapore) residency. */
export function PaChoices({
  form,
  link,
}: {
  form: TStaffForm<TDeskQuoteForm, TDeskQuoteRequest>;
  /** Drawn for a pre-filled quote link (travel-choices.tsx). */
  link?: TLinkChoices | undefined;
}) {
  const { w, choice, choicesReady, language } = useQuoteWords();
  const { register, watch } = form;
  const market = watch('market');
  if (!choicesReady) return <ChoicesLoading text={w('loadingChoices')} />;
  return (
    <>
      <FormField form={form} name="pa.occupation" label={w('occupation')}>
        {(props) => (
          <select {...props} {...register('pa.occupation')}>
            <option value="">{link ? link.customerChooses : w('chooseOccupation')}</option>
            {OCCUPATIONS.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {occupationLabel(entry, language)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField form={form} name="pa.insuredPersonType" label={w('covered')}>
        {(props) => (
          <select {...props} {...register('pa.insuredPersonType')}>
            {customerChoosesOption(link)}
            <option value="individual">{choice('paLanding.individual')}</option>
            <option value="family">{choice('paLanding.family')}</option>
          </select>
        )}
      </FormField>
      {link ? null : (
        <FormField form={form} name="pa.effectiveDate" label={w('effectiveDate')}>
          {(props) => (
            <RegisteredDateField {...props} label={w('effectiveDate')} {...register('pa.effectiveDate')} />
          )}
        </FormField>
      )}
      {market === 'SGP' && !link ? (
        <FormField form={form} name="pa.residency" label={w('residency')}>
          {(props) => (
            <select {...props} {...register('pa.residency')}>
              {RESIDENCIES.map((value) => (
                <option key={value} value={value}>
                  {choice(`paOccupation.residencies.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {link?.more}
    </>
  );
}
