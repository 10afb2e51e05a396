import { OCCUPATIONS, occupationLabel } from '@lionrock/domain/pa/occupation';
import { type FormEvent, type ReactNode, useState } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import { type TQuoteWord, useQuoteWords } from './customer-quote-words';

type TAnswer = {
  sentTo: string;
  currency: string;
  plans: Array<{ planCode: string; totalPremium: number }>;
};
type TError = { message: string; field?: string | undefined };

/** A date `days` from today as YYYY-MM-DD (the browser's own day: the server checks the market's). */
function isoIn(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * "Quote for a customer" (issue 18, decision 087): the agent fills the customer's choices; the server
 * rates them, saves the quote and e-mails its link to the customer. The desk sees where it went
 * (masked) and the plans, never the link.
 */
export default function CustomerQuotePage() {
  const { w, language } = useQuoteWords();
  const [product, setProduct] = useState<'travel' | 'pa'>('travel');
  const [market, setMarket] = useState<'SGP' | 'HKG'>('SGP');
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<'en' | 'zh'>('en');
  const [subAgentCode, setSubAgentCode] = useState('');
  const [campaignCode, setCampaignCode] = useState('');
  const [tripType, setTripType] = useState<'S' | 'A'>('S');
  const [destination, setDestination] = useState<'6' | '3'>('6');
  const [departureDate, setDepartureDate] = useState(isoIn(14));
  const [returnDate, setReturnDate] = useState(isoIn(20));
  const [travellerType, setTravellerType] = useState<'ID' | 'CP' | 'FM'>('ID');
  const [individuals, setIndividuals] = useState(1);
  const [adults, setAdults] = useState(2);
  const [children, setChildren] = useState(1);
  const [occupation, setOccupation] = useState('');
  const [covered, setCovered] = useState<'individual' | 'family'>('individual');
  const [effectiveDate, setEffectiveDate] = useState(isoIn(1));
  const [residency, setResidency] = useState<'CITIZEN' | 'PR' | 'PASS'>('CITIZEN');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TError | null>(null);
  const [answer, setAnswer] = useState<TAnswer | null>(null);

  const occupationLanguage = language;
  const fieldIds = new Set<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setAnswer(null);
    try {
      const choices =
        product === 'travel'
          ? {
              travel: {
                tripType,
                destination,
                departureDate,
                ...(tripType === 'S' ? { returnDate } : {}),
                travellers: { travellerType, individuals, adults, children },
              },
            }
          : {
              pa: {
                occupation,
                insuredPersonType: covered,
                effectiveDate,
                ...(market === 'SGP' ? { residency } : {}),
              },
            };
      setAnswer(
        await backOfficeCall<TAnswer>('POST', '/desk/quotes', {
          product,
          market,
          customerEmail: email.trim(),
          language: lang,
          ...(subAgentCode.trim() ? { subAgentCode: subAgentCode.trim() } : {}),
          ...(campaignCode.trim() ? { campaignCode: campaignCode.trim() } : {}),
          ...choices,
        }),
      );
    } catch (caught) {
      setError(
        caught instanceof BackOfficeError
          ? { message: caught.message, field: caught.field }
          : { message: String(caught) },
      );
    } finally {
      setBusy(false);
    }
  };

  /** A labelled field whose error (when the server names it) is shown beneath it. */
  const field = (
    id: string,
    label: TQuoteWord,
    control: (props: TControlProps) => ReactNode,
    names: string[],
  ) => {
    for (const name of names) fieldIds.add(name);
    const failed = error?.field !== undefined && names.some((name) => error.field?.startsWith(name));
    const props: TControlProps = {
      id: `cq-${id}`,
      className: shell.input,
      'aria-invalid': failed,
      'aria-describedby': failed ? `cq-${id}-error` : undefined,
    };
    return (
      <div className={shell.field}>
        <label className={shell.label} htmlFor={props.id}>
          {w(label)}
        </label>
        {control(props)}
        {failed && (
          <p className={shell.error} id={`cq-${id}-error`} role="alert">
            {error!.message}
          </p>
        )}
      </div>
    );
  };
  const count =
    (value: number, set: (value: number) => void, min: number, max: number) => (props: TControlProps) => (
      <input
        {...props}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(event) => set(Number(event.target.value))}
      />
    );

  const fields = (
    <>
      {field(
        'product',
        'product',
        (props) => (
          <select
            {...props}
            value={product}
            onChange={(event) => setProduct(event.target.value as 'travel' | 'pa')}
          >
            <option value="travel">{w('product.travel')}</option>
            <option value="pa">{w('product.pa')}</option>
          </select>
        ),
        ['product'],
      )}
      {field(
        'market',
        'market',
        (props) => (
          <select
            {...props}
            value={market}
            onChange={(event) => setMarket(event.target.value as 'SGP' | 'HKG')}
          >
            <option value="SGP">{w('market.SGP')}</option>
            <option value="HKG">{w('market.HKG')}</option>
          </select>
        ),
        ['market'],
      )}
      {field(
        'email',
        'email',
        (props) => (
          <input
            {...props}
            type="email"
            autoComplete="off"
            maxLength={200}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        ),
        ['customerEmail'],
      )}
      {field(
        'lang',
        'language',
        (props) => (
          <select {...props} value={lang} onChange={(event) => setLang(event.target.value as 'en' | 'zh')}>
            <option value="en">{w('lang.en')}</option>
            <option value="zh">{w('lang.zh')}</option>
          </select>
        ),
        ['language'],
      )}
      {product === 'travel' ? (
        <>
          {field(
            'trip',
            'tripType',
            (props) => (
              <select
                {...props}
                value={tripType}
                onChange={(event) => setTripType(event.target.value as 'S' | 'A')}
              >
                <option value="S">{w('trip.S')}</option>
                <option value="A">{w('trip.A')}</option>
              </select>
            ),
            ['travel.tripType'],
          )}
          {field(
            'destination',
            'destination',
            (props) => (
              <select
                {...props}
                value={destination}
                onChange={(event) => setDestination(event.target.value as '6' | '3')}
              >
                <option value="6">{w('destination.6')}</option>
                <option value="3">{w('destination.3')}</option>
              </select>
            ),
            ['travel.destination'],
          )}
          {field(
            'departure',
            'departure',
            (props) => (
              <input
                {...props}
                type="date"
                value={departureDate}
                onChange={(event) => setDepartureDate(event.target.value)}
              />
            ),
            ['travel.departureDate', 'policyTravel.deptDate'],
          )}
          {tripType === 'S' &&
            field(
              'return',
              'returnDate',
              (props) => (
                <input
                  {...props}
                  type="date"
                  value={returnDate}
                  onChange={(event) => setReturnDate(event.target.value)}
                />
              ),
              ['travel.returnDate', 'policyTravel.returnDate'],
            )}
          {field(
            'travellers',
            'travellerType',
            (props) => (
              <select
                {...props}
                value={travellerType}
                onChange={(event) => setTravellerType(event.target.value as 'ID' | 'CP' | 'FM')}
              >
                <option value="ID">{w('travellers.ID')}</option>
                <option value="CP">{w('travellers.CP')}</option>
                <option value="FM">{w('travellers.FM')}</option>
              </select>
            ),
            ['travel.travellers', 'policyTravel.traveller'],
          )}
          {travellerType === 'ID' &&
            field('individuals', 'individuals', count(individuals, setIndividuals, 1, 10), [])}
          {travellerType === 'FM' && (
            <>
              {field('adults', 'adults', count(adults, setAdults, 1, 2), [])}
              {field('children', 'children', count(children, setChildren, 0, 10), [])}
            </>
          )}
        </>
      ) : (
        <>
          {field(
            'occupation',
            'occupation',
            (props) => (
              <select {...props} value={occupation} onChange={(event) => setOccupation(event.target.value)}>
                <option value="">{w('chooseOccupation')}</option>
                {OCCUPATIONS.map((entry) => (
                  <option key={entry.code} value={entry.code}>
                    {occupationLabel(entry, occupationLanguage)}
                  </option>
                ))}
              </select>
            ),
            ['pa.occupation', 'policyPAN.insured'],
          )}
          {field(
            'covered',
            'covered',
            (props) => (
              <select
                {...props}
                value={covered}
                onChange={(event) => setCovered(event.target.value as 'individual' | 'family')}
              >
                <option value="individual">{w('covered.individual')}</option>
                <option value="family">{w('covered.family')}</option>
              </select>
            ),
            ['pa.insuredPersonType'],
          )}
          {field(
            'effective',
            'effectiveDate',
            (props) => (
              <input
                {...props}
                type="date"
                value={effectiveDate}
                onChange={(event) => setEffectiveDate(event.target.value)}
              />
            ),
            ['pa.effectiveDate', 'policyPAN.effectiveDate'],
          )}
          {market === 'SGP' &&
            field(
              'residency',
              'residency',
              (props) => (
                <select
                  {...props}
                  value={residency}
                  onChange={(event) => setResidency(event.target.value as 'CITIZEN' | 'PR' | 'PASS')}
                >
                  <option value="CITIZEN">{w('residency.CITIZEN')}</option>
                  <option value="PR">{w('residency.PR')}</option>
                  <option value="PASS">{w('residency.PASS')}</option>
                </select>
              ),
              ['pa.residency'],
            )}
        </>
      )}
      {field(
        'subAgent',
        'subAgent',
        (props) => (
          <input
            {...props}
            maxLength={50}
            value={subAgentCode}
            onChange={(event) => setSubAgentCode(event.target.value)}
          />
        ),
        ['subAgentCode'],
      )}
      {field(
        'campaign',
        'campaign',
        (props) => (
          <input
            {...props}
            maxLength={50}
            value={campaignCode}
            onChange={(event) => setCampaignCode(event.target.value)}
          />
        ),
        ['campaignCode', 'campaign'],
      )}
    </>
  );
  const unplaced = error && ![...fieldIds].some((name) => error.field?.startsWith(name));

  return (
    <section className={shell.card} lang={language} aria-labelledby="cq-heading">
      <h1 id="cq-heading" className={shell.heading}>
        {w('heading')}
      </h1>
      <p>{w('intro')}</p>
      <form className={shell.form} onSubmit={submit} noValidate aria-busy={busy}>
        {fields}
        {unplaced && (
          <p className={shell.formError} role="alert">
            {error.message}
          </p>
        )}
        <button className={shell.primary} type="submit" disabled={busy}>
          {busy ? w('busy') : w('send')}
        </button>
      </form>
      {busy && (
        <p className={shell.loading} role="status">
          {w('busy')}
        </p>
      )}
      {answer && (
        <div aria-live="polite">
          <p role="status" data-testid="customer-quote-sent">
            {w('sent', { email: answer.sentTo })}
          </p>
          <p>{w('sentNote')}</p>
          <table>
            <caption>{w('plans')}</caption>
            <thead>
              <tr>
                <th scope="col">{w('plan')}</th>
                <th scope="col">{w('total')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.plans.map((plan) => (
                <tr key={plan.planCode}>
                  <td>{plan.planCode}</td>
                  <td>
                    {answer.currency} {plan.totalPremium.toFixed(2)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type TControlProps = {
  id: string;
  className: string | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};
