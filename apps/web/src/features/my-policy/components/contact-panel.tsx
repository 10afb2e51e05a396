import { HK_DISTRICTS, hkDistrictName } from '@lionrock/domain/home/home-model';
import type { TCountry } from '@lionrock/domain/market/market';
import { ACCESS_CODE_DIGITS, ACCESS_CODE_VALID_MINUTES } from '@lionrock/domain/self-service/access-rules';
import {
  CORRESPONDENCE_FIELDS,
  CORRESPONDENCE_LENGTHS,
  correspondenceFieldsOf,
  isSameCorrespondence,
  normaliseContact,
  type TContactError,
  type TCorrespondenceAddress,
  type TCorrespondenceField,
  validateContactChange,
  validateCorrespondenceAddress,
} from '@lionrock/domain/self-service/contact-rules';
import { FIELD_LENGTHS } from '@lionrock/domain/validation/field-lengths';
import { type FormEvent, Fragment, useEffect, useId, useRef, useState } from 'react';
import { ApiCallError } from '../../../lib/api-client';
import { nameScript, useTranslation } from '../../../lib/i18n';
import { manageApi, type TContactChangeRequest, type TContactView } from '../api/manage-api';
import styles from './manage-panels.module.css';
import { refusalText, StepUpForm } from './step-up-form';

type TField = 'mobileNoCountryCode' | 'mobileNo' | 'email' | 'code' | TCorrespondenceField;
type TFormField = Exclude<TField, 'code'>;

/** The address's fields as the form holds them: every one a string, empty when not given. */
const addressForm = (address: TCorrespondenceAddress | null | undefined) =>
  Object.fromEntries(CORRESPONDENCE_FIELDS.map((field) => [field, address?.[field] ?? ''])) as Record<
    TCorrespondenceField,
    string
  >;

/** The address's one line on the panel: its parts in the market's order, the district by its name. */
function addressLine(
  address: TCorrespondenceAddress,
  country: TCountry,
  districtName: (code: string) => string,
): string {
  return correspondenceFieldsOf(country)
    .map((field) => (field === 'applicantDistrict' ? districtName(address[field] ?? '') : address[field]))
    .filter(Boolean)
    .join(', ');
}
type TMode = 'view' | 'edit' | 'step-up' | 'code';

/** The values the texts name, from the access rules (decision 050: no number written in a text). */
const CODE_VALUES = {
  digits: ACCESS_CODE_DIGITS,
  minutes: ACCESS_CODE_VALID_MINUTES,
};

/** The words of each address field, per market (a Hong Kong flat and floor, a Singapore unit). */
const ADDRESS_LABELS: Record<TCountry, Partial<Record<TCorrespondenceField, string>>> = {
  SGP: {
    applicantBuildingStreetNo: 'blockOrHouseNo',
    applicantStreetName: 'street',
    applicantUnitNo: 'unitNo',
    applicantBuildingName: 'buildingName',
    applicantPostCode: 'postalCode',
  },
  HKG: {
    applicantUnitNo: 'flatAndFloor',
    applicantBuildingName: 'buildingName',
    applicantBuildingStreetNo: 'streetNo',
    applicantStreetName: 'street',
  },
};

const ADDRESS_AUTOCOMPLETE: Record<TCorrespondenceField, string> = {
  applicantBuildingStreetNo: 'address-line1',
  applicantStreetName: 'address-line1',
  applicantUnitNo: 'address-line2',
  applicantBuildingName: 'address-line2',
  applicantPostCode: 'postal-code',
  applicantDistrict: 'address-level2',
};

/**
 * The policy's contact details on my policy (decisions 069 and 102): a change is confirmed first with
 * a code e-mailed to the address on the policy; then the mobile number changes at once, and a new
 * e-mail address is used only once the code sent to it is typed back. The form checks the applicant
 * page's rules from the domain before it sends; the server checks them again.
 */
export function ContactPanel({
  policyId,
  country = 'SGP',
  contact,
  onChanged,
}: {
  policyId: string;
  /** The policy's market: its address has a postal code (Singapore) or a district (Hong Kong). */
  country?: TCountry;
  contact: {
    mobileNoCountryCode: string;
    mobileNo: string;
    email: string;
    pendingEmail?: string | null;
    correspondenceAddress?: TCorrespondenceAddress | null;
  };
  onChanged?: (contact: TContactView) => void;
}) {
  const { t, exists, language } = useTranslation();
  const districtName = (code: string) => hkDistrictName(code, nameScript(language)) ?? code;
  const id = useId();
  const [shown, setShown] = useState<TContactView>({ pendingEmail: null, ...contact });
  /** The change waiting for its step-up code. */
  const [pending, setPending] = useState<TContactChangeRequest | null>(null);
  const [mode, setMode] = useState<TMode>(contact.pendingEmail ? 'code' : 'view');
  const [form, setForm] = useState<Record<TFormField, string>>({
    mobileNoCountryCode: contact.mobileNoCountryCode,
    mobileNo: contact.mobileNo,
    email: '',
    ...addressForm(contact.correspondenceAddress),
  });
  /** "Apply this change to all my policies" (issue 29): off unless ticked. */
  const [applyToAll, setApplyToAll] = useState(false);
  const [code, setCode] = useState('');
  /** The new address last asked for: "Send a new code" offers it again. */
  const [lastEmail, setLastEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<TField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const changeButton = useRef<HTMLButtonElement>(null);

  // Keyboard and screen-reader users land where the panel went: the first field, the code, or back on Change.
  const previousMode = useRef(mode);
  useEffect(() => {
    if (previousMode.current === mode) return;
    previousMode.current = mode;
    if (mode === 'edit') inputs.current.mobileNo?.focus();
    else if (mode === 'code') inputs.current.code?.focus();
    else if (mode === 'view') changeButton.current?.focus();
  }, [mode]);

  const applied = (view: TContactView) => {
    setShown(view);
    onChanged?.(view);
  };

  /** A refusal from the server: on its field when it names one of ours, else above the actions. */
  const refused = (error: unknown, fallback: string) => {
    if (error instanceof ApiCallError && error.messageKey) {
      const field = error.field as TField | undefined;
      const text = refusalText(t, exists, error, fallback);
      if (field && field in inputs.current && error.status === 400) {
        setErrors({ [field]: text });
        inputs.current[field]?.focus();
        return;
      }
      setFormError(text);
      return;
    }
    setFormError(t(fallback));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fields = correspondenceFieldsOf(country);
    const address = Object.fromEntries(
      fields.flatMap((field) => (form[field].trim() ? [[field, form[field]]] : [])),
    ) as TCorrespondenceAddress;
    // An address is sent once there is one: typed now, or on the policy already.
    const withAddress = Boolean(shown.correspondenceAddress) || Object.keys(address).length > 0;
    const request: TContactChangeRequest = {
      mobileNoCountryCode: form.mobileNoCountryCode,
      mobileNo: form.mobileNo,
      ...(form.email.trim() === '' ? {} : { email: form.email }),
      ...(withAddress ? { correspondenceAddress: address } : {}),
      ...(applyToAll ? { applyToAll: true } : {}),
    };
    // A new mobile number is checked for its market; the one on the policy is kept as it was sold.
    const found: { field: TField; messageKey: string; values?: Record<string, string | number> }[] = [
      ...validateContactChange(request, shown),
      ...(withAddress ? validateCorrespondenceAddress(country, address) : []),
    ];
    setErrors(
      Object.fromEntries(
        found.map((error: Pick<TContactError, 'messageKey' | 'values'> & { field: TField }) => [
          error.field,
          t(error.messageKey, error.values),
        ]),
      ),
    );
    setFormError(null);
    if (found[0]) {
      inputs.current[found[0].field]?.focus();
      return;
    }
    if (request.email) setLastEmail(request.email);
    // Compared as the server will store it (the domain's normaliseContact), not as typed.
    const typed = normaliseContact(request);
    const unchanged =
      !typed.email &&
      typed.mobileNo === shown.mobileNo &&
      typed.mobileNoCountryCode === shown.mobileNoCountryCode &&
      (!withAddress || isSameCorrespondence(country, address, shown.correspondenceAddress ?? null));
    if (unchanged) {
      setDone(t('myPolicy.contact.saved'));
      setMode('view');
      return;
    }
    setPending(request);
    setMode('step-up');
  };

  /** The change itself, with the step-up code from the policy's address; its refusals are the code form's. */
  const change = async (stepUpCode: string) => {
    if (!pending) return;
    const view = await manageApi.changeContact(policyId, { ...pending, stepUpCode });
    applied(view);
    setPending(null);
    const many = (view.appliedTo?.length ?? 0) > 1;
    setDone(
      many
        ? t('myPolicy.contact.savedOnAll', { numbers: view.appliedTo!.join(', ') })
        : view.pendingEmail
          ? null
          : t('myPolicy.contact.saved'),
    );
    setCode('');
    setMode(view.pendingEmail ? 'code' : 'view');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!new RegExp(`^\\d{${ACCESS_CODE_DIGITS}}$`).test(code.trim())) {
      setErrors({ code: t('validation.number') });
      inputs.current.code?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const view = await manageApi.confirmEmail(policyId, code.trim());
      applied(view);
      setDone(t('myPolicy.contact.emailChanged', { email: view.email }));
      setMode('view');
      setForm((current) => ({ ...current, email: '' }));
    } catch (error) {
      refused(error, 'myPolicy.contact.errors.failed');
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setMode('view');
    setErrors({});
    setFormError(null);
  };

  const field = (
    name: TFormField,
    label: string,
    props: { maxLength: number; inputMode?: 'numeric' | 'email'; autoComplete: string; type?: string },
    hint?: string,
  ) => {
    const error = errors[name];
    const described = [hint ? `${id}-${name}-hint` : null, error ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={styles.field}>
        <label htmlFor={`${id}-${name}`} className={styles.label}>
          {label}
        </label>
        <input
          {...props}
          id={`${id}-${name}`}
          ref={(element) => {
            inputs.current[name] = element;
          }}
          className={styles.input}
          value={form[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => {
            const value = event.target.value;
            setForm((current) => ({ ...current, [name]: value }));
            if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
        {hint ? (
          <p id={`${id}-${name}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-${name}-error`} className={styles.fieldError} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  /** Hong Kong's district, from its 18 by name. */
  const districtField = () => {
    const name = 'applicantDistrict';
    const error = errors[name];
    return (
      <div className={styles.field} key={name}>
        <label htmlFor={`${id}-${name}`} className={styles.label}>
          {t('myPolicy.contact.address.district')}
        </label>
        <select
          id={`${id}-${name}`}
          ref={(element) => {
            inputs.current[name] = element;
          }}
          className={styles.input}
          value={form[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          autoComplete="address-level2"
          onChange={(event) => {
            const value = event.target.value;
            setForm((current) => ({ ...current, [name]: value }));
            if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        >
          <option value="">{t('myPolicy.contact.address.choose')}</option>
          {HK_DISTRICTS.map((district) => (
            <option key={district.code} value={district.code}>
              {districtName(district.code)}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-${name}-error`} className={styles.fieldError} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const errorBlock = formError ? (
    <p className={styles.formError} role="alert">
      {formError}
    </p>
  ) : null;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('myPolicy.contact.title')}
      </h2>
      <p className={styles.intro}>{t('myPolicy.contact.intro')}</p>
      <dl className={styles.facts}>
        <dt>{t('myPolicy.contact.mobile')}</dt>
        <dd>{`+${shown.mobileNoCountryCode} ${shown.mobileNo}`}</dd>
        <dt>{t('myPolicy.contact.email')}</dt>
        <dd>{shown.email}</dd>
        <dt>{t('myPolicy.contact.address.title')}</dt>
        <dd>
          {shown.correspondenceAddress
            ? addressLine(shown.correspondenceAddress, country, districtName)
            : t('myPolicy.contact.address.none')}
        </dd>
      </dl>
      <div role="status" aria-live="polite">
        {done ? <p className={styles.success}>{done}</p> : null}
      </div>

      {mode === 'view' ? (
        <button
          ref={changeButton}
          type="button"
          className={styles.secondary}
          onClick={() => {
            setDone(null);
            setForm({
              mobileNoCountryCode: shown.mobileNoCountryCode,
              mobileNo: shown.mobileNo,
              email: '',
              ...addressForm(shown.correspondenceAddress),
            });
            setApplyToAll(false);
            setMode('edit');
          }}
        >
          {t('myPolicy.contact.change')}
        </button>
      ) : null}

      {mode === 'edit' ? (
        <form className={styles.form} noValidate onSubmit={save} aria-label={t('myPolicy.contact.change')}>
          <div className={styles.mobileRow}>
            {field('mobileNoCountryCode', t('myPolicy.contact.countryCode'), {
              maxLength: FIELD_LENGTHS.mobileCountryCode + 1,
              inputMode: 'numeric',
              autoComplete: 'tel-country-code',
            })}
            {field('mobileNo', t('myPolicy.contact.mobile'), {
              maxLength: FIELD_LENGTHS.mobile,
              inputMode: 'numeric',
              autoComplete: 'tel-national',
            })}
          </div>
          {field(
            'email',
            t('myPolicy.contact.newEmail'),
            { maxLength: FIELD_LENGTHS.email, inputMode: 'email', autoComplete: 'email', type: 'email' },
            t('myPolicy.contact.newEmailHint', { email: shown.email }),
          )}
          <fieldset className={styles.addressGroup}>
            <legend className={styles.label}>{t('myPolicy.contact.address.title')}</legend>
            <p className={styles.hint}>{t('myPolicy.contact.address.intro')}</p>
            {correspondenceFieldsOf(country).map((name) =>
              name === 'applicantDistrict' ? (
                districtField()
              ) : (
                <Fragment key={name}>
                  {field(name, t(`myPolicy.contact.address.${ADDRESS_LABELS[country][name]}`), {
                    maxLength: CORRESPONDENCE_LENGTHS[name],
                    autoComplete: ADDRESS_AUTOCOMPLETE[name],
                  })}
                </Fragment>
              ),
            )}
          </fieldset>
          <div className={styles.tick}>
            <input
              id={`${id}-applyToAll`}
              type="checkbox"
              checked={applyToAll}
              aria-describedby={`${id}-applyToAll-hint`}
              onChange={(event) => setApplyToAll(event.target.checked)}
            />
            <label htmlFor={`${id}-applyToAll`} className={styles.label}>
              {t('myPolicy.contact.applyToAll')}
            </label>
            <p id={`${id}-applyToAll-hint`} className={styles.hint}>
              {t('myPolicy.contact.applyToAllHint')}
            </p>
          </div>
          {errorBlock}
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={cancel} disabled={busy}>
              {t('myPolicy.contact.cancel')}
            </button>
            <button type="submit" className={styles.primary} disabled={busy} aria-disabled={busy}>
              {busy ? t('myPolicy.contact.saving') : t('myPolicy.contact.save')}
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'step-up' ? (
        <StepUpForm
          policyId={policyId}
          purpose="contact"
          confirmLabel={t('myPolicy.contact.save')}
          onConfirm={change}
          onCancel={() => {
            setPending(null);
            setMode('edit');
          }}
          onError={(error) => {
            // A field the server refused goes back to the form, where it can be put right.
            setMode('edit');
            refused(error, 'myPolicy.contact.errors.failed');
          }}
        />
      ) : null}

      {mode === 'code' ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={confirm}
          aria-label={t('myPolicy.contact.codeTitle')}
        >
          <h3 className={styles.title}>{t('myPolicy.contact.codeTitle')}</h3>
          <p className={styles.intro}>
            {t('myPolicy.contact.codeSent', { ...CODE_VALUES, email: shown.pendingEmail ?? '' })}
          </p>
          <div className={styles.field}>
            <label htmlFor={`${id}-code`} className={styles.label}>
              {t('myPolicy.contact.code')}
            </label>
            <input
              id={`${id}-code`}
              ref={(element) => {
                inputs.current.code = element;
              }}
              className={styles.input}
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={ACCESS_CODE_DIGITS}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? `${id}-code-error` : undefined}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, ACCESS_CODE_DIGITS));
                if (errors.code) setErrors({});
              }}
            />
            {errors.code ? (
              <p id={`${id}-code-error`} className={styles.fieldError} role="alert">
                {errors.code}
              </p>
            ) : null}
          </div>
          {errorBlock}
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            onClick={() => {
              setErrors({});
              setFormError(null);
              setForm({
                mobileNoCountryCode: shown.mobileNoCountryCode,
                mobileNo: shown.mobileNo,
                email: lastEmail,
                ...addressForm(shown.correspondenceAddress),
              });
              setMode('edit');
            }}
          >
            {t('myPolicy.contact.resend')}
          </button>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={cancel} disabled={busy}>
              {t('myPolicy.contact.cancel')}
            </button>
            <button type="submit" className={styles.primary} disabled={busy} aria-disabled={busy}>
              {t('myPolicy.contact.confirm')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
