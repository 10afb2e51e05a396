import { useEffect } from 'react';
import { useErrorStore } from '../../../state/error-store';

/**
 * The shop's error modal carries the product's title while this page shows (pa-home-payments section 2,
 * Other: "Error" for PA and home, "Oops!" for travel; decision 044); leaving restores the default.
 */
export function useErrorTitle(titleKey: string): void {
  useEffect(() => {
    const { setTitleKey } = useErrorStore.getState();
    setTitleKey(titleKey);
    return () => setTitleKey(null);
  }, [titleKey]);
}
