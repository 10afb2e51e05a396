import { insuredSummary } from '@lionrock/domain/display/price-display';
import { closeTravellerPicker, type TTravellers } from '@lionrock/domain/travel/trip-rules';
import { useTranslation } from '../../../lib/i18n';

/** "2 travellers", "Couple, 2 adults", "Family: 2 adults, 1 child" (the summary block's insured line). */
export function useTravellerSummary() {
  const { t } = useTranslation();
  return (travellers: TTravellers | null): string => {
    if (!travellers) return t('travelQuote.selectTravellers');
    const closed = closeTravellerPicker(travellers);
    const summary = insuredSummary(closed.travellerType, closed.individuals, closed.adults, closed.children);
    if (summary.kind === 'couple') return t('travelQuote.summary.couple');
    if (summary.kind === 'individual') return t('travelQuote.summary.individual', { count: summary.count });
    const adults = t('travelQuote.adultCount', { count: summary.adults });
    return summary.children === null
      ? t('travelQuote.summary.family', { adults })
      : t('travelQuote.summary.familyWithChildren', {
          adults,
          children: t('travelQuote.childCount', { count: summary.children }),
        });
  };
}
