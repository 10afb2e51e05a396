import { TRAVELLER_LIMITS, type TTravellers, type TTravellerType } from '@lionrock/domain/travel/trip-rules';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { useTravellerSummary } from '../use-traveller-summary';
import styles from './quote-form.module.css';

const TABS: { type: TTravellerType; key: string }[] = [
  { type: 'ID', key: 'individual' },
  { type: 'FM', key: 'family' },
  { type: 'CP', key: 'couple' },
];

/** The picker's starting point for each tab: the stored choice, else one person (the limits' minimum). */
function initialDraft(value: TTravellers | null): TTravellers {
  return {
    travellerType: value?.travellerType ?? 'ID',
    individuals: Math.max(value?.individuals ?? 0, TRAVELLER_LIMITS.minIndividuals),
    adults: Math.max(value?.adults ?? 0, TRAVELLER_LIMITS.minAdults),
    children: value?.children ?? 0,
  };
}

/**
 * What the shown tab selects: its own counts only. The other tabs' counts stay in the draft for a
 * switch back, but must not reach the choice: a family's 1 adult and 1 child left behind would make
 * the Individual tab's choice a family (closeTravellerPicker, travel-flow section 4).
 */
function selectionOf(draft: TTravellers): TTravellers {
  return draft.travellerType === 'FM' ? { ...draft, individuals: 0 } : { ...draft, adults: 0, children: 0 };
}

function Counter({
  label,
  hint,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const atMin = value <= min;
  const atMax = value >= max;
  // aria-disabled, not disabled: the button keeps keyboard focus when a limit is reached.
  return (
    <fieldset className={styles.counter} aria-describedby={`${id}-hint`}>
      <legend className="visually-hidden">{label}</legend>
      <div>
        <span className={styles.counterLabel} aria-hidden="true">
          {label}
        </span>
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      </div>
      <div className={styles.counterControls}>
        <button
          type="button"
          className={styles.step}
          aria-label={t('travelQuote.decrease', { what: label })}
          aria-disabled={atMin}
          onClick={() => !atMin && onChange(value - 1)}
        >
          −
        </button>
        <output className={styles.count} aria-live="polite" aria-label={label}>
          {value}
        </output>
        <button
          type="button"
          className={styles.step}
          aria-label={t('travelQuote.increase', { what: label })}
          aria-disabled={atMax}
          onClick={() => !atMax && onChange(value + 1)}
        >
          +
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The traveller picker (travel-flow section 2): three tabs — individual (1 to 20), family (adults 1–2,
 * children 0–9), couple (fixed 2) — behind a toggle that shows the current choice. Each change is kept
 * at once; the store applies the spec's closing rule.
 */
export function TravellerPicker({
  value,
  onChange,
  buttonRef,
  errorId,
  invalid,
}: {
  value: TTravellers | null;
  onChange: (value: TTravellers) => void;
  buttonRef: Ref<HTMLButtonElement>;
  errorId: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const summarise = useTravellerSummary();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => initialDraft(value));
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement | null>(null);

  const update = (change: Partial<TTravellers>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    onChange(selectionOf(next));
  };
  const openPicker = () => {
    setOpen(true);
    // Opening the picker chooses its current tab: one traveller unless the customer changes it.
    if (!value) onChange(selectionOf(draft));
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the picker from any control inside it
    <div
      className={styles.picker}
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <span className={styles.label} id={`${id}-label`}>
        {t('travelQuote.travellers')}
      </span>
      <button
        type="button"
        className={styles.pickerToggle}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={invalid ? errorId : undefined}
        aria-invalid={invalid || undefined}
        ref={(node) => {
          toggleRef.current = node;
          if (typeof buttonRef === 'function') buttonRef(node);
          else if (buttonRef) buttonRef.current = node;
        }}
        onClick={() => (open ? close(false) : openPicker())}
      >
        <span id={`${id}-value`}>{summarise(value)}</span>
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </button>
      <div id={`${id}-panel`} className={styles.pickerPanel} hidden={!open}>
        <fieldset className={styles.tabs}>
          <legend className={styles.panelTitle}>{t('travelQuote.whoIsTravelling')}</legend>
          <div className={styles.tabRow}>
            {TABS.map((tab) => (
              <label key={tab.type} className={styles.tab}>
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={tab.type}
                  checked={draft.travellerType === tab.type}
                  onChange={() => update({ travellerType: tab.type })}
                />
                <span>{t(`travelQuote.tabs.${tab.key}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {draft.travellerType === 'ID' ? (
          <Counter
            label={t('travelQuote.people')}
            hint={t('travelQuote.peopleHint', { max: TRAVELLER_LIMITS.maxIndividuals })}
            value={draft.individuals}
            min={TRAVELLER_LIMITS.minIndividuals}
            max={TRAVELLER_LIMITS.maxIndividuals}
            onChange={(individuals) => update({ individuals })}
          />
        ) : null}
        {draft.travellerType === 'FM' ? (
          <>
            <Counter
              label={t('travelQuote.adults')}
              hint={t('travelQuote.adultsHint', {
                min: TRAVELLER_LIMITS.minAdults,
                max: TRAVELLER_LIMITS.maxAdults,
              })}
              value={draft.adults}
              min={TRAVELLER_LIMITS.minAdults}
              max={TRAVELLER_LIMITS.maxAdults}
              onChange={(adults) => update({ adults })}
            />
            <Counter
              label={t('travelQuote.children')}
              hint={t('travelQuote.childrenHint', { max: TRAVELLER_LIMITS.maxChildren })}
              value={draft.children}
              min={0}
              max={TRAVELLER_LIMITS.maxChildren}
              onChange={(children) => update({ children })}
            />
          </>
        ) : null}
        {draft.travellerType === 'CP' ? (
          <p className={styles.coupleText}>
            {t('travelQuote.coupleText', { count: TRAVELLER_LIMITS.couple })}
          </p>
        ) : null}
        <button type="button" className={styles.done} onClick={() => close(true)}>
          {t('travelQuote.done')}
        </button>
      </div>
    </div>
  );
}
