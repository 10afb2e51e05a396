import { travelAgeFacts } from '@lionrock/domain/eligibility/ages';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';

/** Who can be insured, in words whose ages come from the eligibility rules (travel-flow section 5). */
export function useAgeCopy(): string {
  const { t } = useTranslation();
  const country = useSystemStore((state) => state.country);
  return t('quoteExtras.notes.age', travelAgeFacts(country));
}
