import { basePlanName } from '@lionrock/domain/display/price-display';
import { useTranslation } from '../../../../lib/i18n';

/**
 * "Standard", "Super Plus": a plan's name in the page's language. Its own module so the checkout
 * pages' travel lines (travel-product.tsx) load it without the plan cards.
 */
export function usePlanLabel() {
  const { t } = useTranslation();
  return (planName: string) => {
    const base = basePlanName(planName);
    const label = t(`quotePage.plans.${base}`, { defaultValue: base });
    return base === planName ? label : t('quotePage.planPlus', { plan: label });
  };
}
