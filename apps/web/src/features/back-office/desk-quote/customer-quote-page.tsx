import {
  BUILDING_AGE_BANDS,
  CONTENTS_CHOICES,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '@lionrock/domain/home/home-model';
import { OCCUPATIONS, occupationLabel } from '@lionrock/domain/pa/occupation';
import { TRAVELLER_LIMITS } from '@lionrock/domain/travel/trip-rules';
import { type FormEvent, type ReactNode, useState } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useAgentMarket } from '../signed-in-account';
import { type TQuoteWord, useQuoteWords } from './customer-quote-words';

type TAnswer = {
  sentTo: string;
  currency: string;
  plans: Array<{ planCode: string; totalPremium: number }>;
};
type TProduct = 'travel' | 'pa' | 'home';
type TResidency = 'CITIZEN' | 'PERMANENT_RESIDENT' | 'LONG_TERM_PASS';
const RESIDENCIES: readonly TResidency[] = ['CITIZEN', 'PERMANENT_RESIDENT', 'LONG_TERM_PASS'];
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
  const [product, setProduct] = useState<TProduct>('travel');
  // The agent's own market first: it sells there only (decision 111).
  const [market, setMarket] = useState<'SGP' | 'HKG'>(useAgentMarket() ?? 'SGP');
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
  const [residency, setResidency] = useState<TResidency>('CITIZEN');
  const [dwellingType, setDwellingType] = useState<(typeof DWELLING_TYPES)[number]>('HDB');
  const [hdbFlatType, setHdbFlatType] = useState<(typeof HDB_FLAT_TYPES)[number]>('4_ROOM');
  const [floorArea, setFloorArea] = useState<(typeof FLOOR_AREA_BANDS)[number]>('500_799');
  const [buildingAge, setBuildingAge] = useState<(typeof BUILDING_AGE_BANDS)[number]>('UNDER_20');
  const [ownership, setOwnership] = useState<(typeof OCCUPANCIES)[number]>('OWNER');
  const [contents, setContents] = useState<number | null>(null);
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
          : product === 'home'
            ? {
                home: {
                  dwellingType,
                  ...(market === 'SGP' && dwellingType === 'HDB' ? { hdbFlatType } : {}),
                  ...(market === 'HKG' ? { floorArea, buildingAge } : {}),
                  ownership,
                  contentsSumInsured: contents ?? CONTENTS_CHOICES[market][0],
                  effectiveDate,
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

  const select =
    <T extends string>(
      value: T,
      set: (value: T) => void,
      options: readonly T[],
      label: (value: T) => string,
    ) =>
    (props: TControlProps) => (
      <select {...props} value={value} onChange={(event) => set(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    );
  const contentsChoices = CONTENTS_CHOICES[market].map(String);
  const homeFields = (
    <>
      {field(
        'dwelling',
        'dwellingType',
        select(dwellingType, setDwellingType, DWELLING_TYPES, (v) => w(`dwelling.${v}`)),
        ['home.dwellingType', 'policyHome.dwellingType'],
      )}
      {market === 'SGP' &&
        dwellingType === 'HDB' &&
        field(
          'flat',
          'hdbFlatType',
          select(hdbFlatType, setHdbFlatType, HDB_FLAT_TYPES, (v) => w(`flat.${v}`)),
          ['home.hdbFlatType', 'policyHome.hdbFlatType'],
        )}
      {market === 'HKG' && (
        <>
          {field(
            'floorArea',
            'floorArea',
            select(floorArea, setFloorArea, FLOOR_AREA_BANDS, (v) => w(`floorArea.${v}`)),
            ['home.floorArea', 'policyHome.floorArea'],
          )}
          {field(
            'buildingAge',
            'buildingAge',
            select(buildingAge, setBuildingAge, BUILDING_AGE_BANDS, (v) => w(`buildingAge.${v}`)),
            ['home.buildingAge', 'policyHome.buildingAge'],
          )}
        </>
      )}
      {field(
        'ownership',
        'ownership',
        select(ownership, setOwnership, OCCUPANCIES, (v) => w(`ownership.${v}`)),
        ['home.ownership', 'policyHome.ownership'],
      )}
      {field(
        'contents',
        'contents',
        select(
          String(contents ?? CONTENTS_CHOICES[market][0]),
          (value) => setContents(Number(value)),
          contentsChoices,
          (value) => `${market === 'HKG' ? 'HKD' : 'SGD'} ${Number(value).toLocaleString('en')}`,
        ),
        ['home.contentsSumInsured', 'policyHome.contentsSumInsured'],
      )}
      {field(
        'homeStart',
        'effectiveDate',
        (props) => (
          <input
            {...props}
            type="date"
            value={effectiveDate}
            onChange={(event) => setEffectiveDate(event.target.value)}
          />
        ),
        ['home.effectiveDate', 'policyHome.effectiveDate'],
      )}
    </>
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
            <option value="home">{w('product.home')}</option>
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
            onChange={(event) => {
              setMarket(event.target.value as 'SGP' | 'HKG');
              setContents(null);
            }}
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
            field(
              'individuals',
              'individuals',
              count(
                individuals,
                setIndividuals,
                TRAVELLER_LIMITS.minIndividuals,
                TRAVELLER_LIMITS.maxIndividuals,
              ),
              [],
            )}
          {travellerType === 'FM' && (
            <>
              {field(
                'adults',
                'adults',
                count(adults, setAdults, TRAVELLER_LIMITS.minAdults, TRAVELLER_LIMITS.maxAdults),
                [],
              )}
              {field(
                'children',
                'children',
                count(children, setChildren, 0, TRAVELLER_LIMITS.maxChildren),
                [],
              )}
            </>
          )}
        </>
      ) : product === 'home' ? (
        homeFields
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
                  onChange={(event) => setResidency(event.target.value as TResidency)}
                >
                  {RESIDENCIES.map((value) => (
                    <option key={value} value={value}>
                      {w(`residency.${value}`)}
                    </option>
                  ))}
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
    <section className={`${shell.card} ${shell.wideCard}`} lang={language} aria-labelledby="cq-heading">
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
          <DataTable
            caption={w('plans')}
            rows={answer.plans}
            rowKey={(plan) => plan.planCode}
            columns={[
              { header: w('plan'), cell: (plan) => plan.planCode },
              {
                header: w('total'),
                cell: (plan) => `${answer.currency} ${plan.totalPremium.toFixed(2)}`,
                numeric: true,
              },
            ]}
          />
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
