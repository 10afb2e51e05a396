import type { TCountry } from './market.ts';

/**
 * How a customer reaches the insurer in each market, written once: the contact page, the policy wording,
 * the policy schedule and the policy e-mails print these (decision 042). Numbers and addresses belong to
 * the fictional demo insurer "Lionrock"; the 24-hour assistance line is dialled from abroad, so it is
 * written in international form.
 */
export type TInsurerContacts = {
  /** The insurer's name as the policy documents state it (the pages read theirs from the catalogues). */
  legalName: string;
  /** Customer service line and its hours (hours as catalogue keys speak them, here for the PDFs). */
  hotline: string;
  hotlineHoursEn: string;
  /** The 24-hour emergency assistance line abroad, promised by the contact page and printed on the schedule. */
  assistance: string;
  /** The 24-hour home emergency line (a plumber, electrician or locksmith sent out) of home policies. */
  homeAssistance: string;
  email: string;
  claimsEmail: string;
  /** The data protection officer (Singapore PDPA section 11(3); Hong Kong PDPO data access requests). */
  dpoEmail: string;
  postalAddress: string;
};

export const INSURER_CONTACTS: Record<TCountry, TInsurerContacts> = {
  SGP: {
    legalName: 'Lionrock General Insurance (Singapore) Pte. Ltd.',
    hotline: '6200 0000',
    hotlineHoursEn: 'Monday to Friday, 9 am to 6 pm',
    assistance: '+65 6200 0911',
    homeAssistance: '6200 0922',
    email: 'direct@lionrock.example',
    claimsEmail: 'claims@lionrock.example',
    dpoEmail: 'dpo@lionrock.example',
    postalAddress: '1 Harbour Front Avenue, #10-01, Singapore 098632',
  },
  HKG: {
    legalName: 'Lionrock Insurance (Hong Kong) Limited',
    hotline: '2100 0000',
    hotlineHoursEn: 'Monday to Friday, 9 am to 6 pm',
    assistance: '+852 2100 0911',
    homeAssistance: '2100 0922',
    email: 'direct.hk@lionrock.example',
    claimsEmail: 'claims.hk@lionrock.example',
    dpoEmail: 'dpo.hk@lionrock.example',
    postalAddress: '18/F, 1 Harbour Road, Wan Chai, Hong Kong',
  },
};

/** The free-look period: a new policy cancelled within it is refunded in full if no claim was made. */
export const FREE_LOOK_DAYS: Record<TCountry, number> = { SGP: 14, HKG: 21 };
