/**
 * E-mail addresses are stored upper-cased with the other applicant fields (travel-flow section 3), but
 * a customer reads back the address as typed: in lower case, which is how mail addresses are written
 * (their domain is case-blind and mailboxes take lower case in practice).
 */
export function displayEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}
