import { lazy, Suspense } from 'react';
import { useErrorStore } from '../../state/error-store';

// Loaded when an error is first shown: the landing's first render has no dialog (decision 022).
const ErrorModal = lazy(() => import('../../components/ui/modal').then((m) => ({ default: m.ErrorModal })));

/** The shop's one "Oops!" error modal (travel-flow section 8), open while the error store holds a list. */
export function ShopErrorModal() {
  const errors = useErrorStore((state) => state.errors);
  const clearError = useErrorStore((state) => state.clearError);
  const titleKey = useErrorStore((state) => state.titleKey);
  if (errors === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorModal messages={errors} onClose={clearError} titleKey={titleKey} />
    </Suspense>
  );
}
