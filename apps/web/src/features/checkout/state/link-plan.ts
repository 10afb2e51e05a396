/**
 * The plan an agent's pre-filled link preselects (decision 090), kept in the tab until the product's
 * quote page shows its plans: the page starts on that plan when it is offered, then forgets it.
 */
const KEY = 'lionrock.linkPlan';

export function rememberLinkPlan(product: 'travel' | 'pa' | 'home', plan: string | undefined): void {
  try {
    if (plan) sessionStorage.setItem(KEY, JSON.stringify({ product, plan }));
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage: the quote page starts on its usual plan.
  }
}

/** The plan the link preselects for `product`, if any (read during render: it changes nothing). */
export function linkPlanOf(product: 'travel' | 'pa' | 'home'): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      product: string;
      plan: string;
    } | null;
    return stored?.product === product ? stored.plan : null;
  } catch {
    return null;
  }
}

/** Once the quote page has shown it: the next quote is the customer's own choice. */
export function forgetLinkPlan(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
