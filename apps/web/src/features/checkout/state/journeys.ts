/**
 * Every product's journey in one place (design section 10): its sessionStorage key, and a way to clear
 * them all. The logo clears the stored policy (pa-home-payments, Shared interface behaviour) whichever
 * product it was bought on; a product whose code has not loaded in this tab is cleared from storage
 * alone, so the landing does not load the other products' stores to do it.
 */
export const JOURNEY_KEYS = { travel: 'lionrock.travel', pa: 'lionrock.pa', home: 'lionrock.home' } as const;

const loadedResets = new Set<() => void>();

/** Called by the checkout core of each product's store as it is created. */
export function registerJourneyReset(reset: () => void): void {
  loadedResets.add(reset);
}

export function clearAllJourneys(): void {
  for (const key of Object.values(JOURNEY_KEYS)) sessionStorage.removeItem(key);
  // A loaded store keeps its journey in memory too: its reset stores the empty journey again.
  for (const reset of loadedResets) reset();
}
