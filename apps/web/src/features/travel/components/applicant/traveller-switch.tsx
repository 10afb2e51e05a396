import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import styles from '../../../checkout/components/applicant/applicant-form.module.css';
import { CheckField } from '../../../checkout/components/applicant/form-field';
import type { TApplicantFormValues } from './applicant-form-values';

/**
 * Travel's question for a personal policyholder (travel-flow section 2, Applicant): "I'm also
 * travelling" locks the first insured row to the policyholder's details.
 */
export function TravellerSwitch({
  id,
  form,
  onChange,
}: {
  id: string;
  form: UseFormReturn<TApplicantFormValues>;
  onChange: (travels: boolean) => void;
}) {
  const { t } = useTranslation();
  const travellerField = form.register('isTraveller');
  return (
    <CheckField
      id={`${id}-isTraveller`}
      label={t('applicant.isTraveller')}
      hint={t('applicant.isTravellerHint')}
      error={undefined}
    >
      {(aria) => (
        <input
          {...aria}
          type="checkbox"
          className={styles.box}
          {...travellerField}
          onChange={(event) => {
            void travellerField.onChange(event);
            onChange(event.target.checked);
          }}
        />
      )}
    </CheckField>
  );
}
