import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { DELIVERY_ZONES, DELIVERY_ZONE_LABELS, type DeliverySettings, type DeliveryZone } from '@shop/domain/schemas/delivery';
import { notifySuccess } from '@shop/app-kit/notify';
import { Button } from '@shop/ui/button';
import { DataTable } from '@shop/ui/data-table';
import { FormField } from '@shop/ui/form-field';
import { formatDay } from '../../lib/format';
import {
  changesOf,
  formValuesOf,
  hasChanges,
  holidayError,
  localPinError,
  validate,
  WEEKDAYS,
  ZONE_FIELDS,
  type CodValues,
  type DeliveryFormValues,
  type FormErrors,
  type ZoneValues,
} from './delivery-form';
import { useSaveDeliverySettingsMutation } from './delivery-api';

const ZONE_HEADERS: Record<(typeof ZONE_FIELDS)[number], string> = {
  first_500g: 'First 500 g (₹)',
  per_extra_500g: 'Per further 500 g (₹)',
  min_days: 'Min days',
  max_days: 'Max days',
};

/** The part of the form a field belongs to: once any field of it changed, its problems show as they are typed. */
const groupOf = (path: string) => (path.startsWith('zones.') ? path.split('.').slice(0, 2).join('.') : path.startsWith('cod.') ? 'cod' : path);

function pick(v: DeliveryFormValues, group: string): unknown {
  return group.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], v);
}

/** A labelled list of removable chips (holidays, local PINs). */
function ChipList({ label, items, show, onRemove }: { label: string; items: string[]; show?: (item: string) => string; onRemove: (item: string) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className="delivery-chips" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="delivery-chip">
          <span>{show ? show(item) : item}</span>
          <button type="button" className="delivery-chip__remove" aria-label={`Remove ${show ? show(item) : item}`} onClick={() => onRemove(item)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="delivery-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {hint && <p className="field-hint delivery-section__hint">{hint}</p>}
      {children}
    </section>
  );
}

/**
 * The shop's delivery settings: zones and fees, free delivery, the dispatch calendar, local PINs and cash on
 * delivery. Save sends only what changed; a refused save keeps everything typed.
 */
export function DeliverySettingsForm({ settings }: { settings: DeliverySettings }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [baseline, setBaseline] = useState(() => formValuesOf(settings));
  const [values, setValues] = useState(baseline);
  // After a save was tried every problem shows; before it, only those of a part of the form that was changed.
  const [checked, setChecked] = useState(false);
  const [holiday, setHoliday] = useState('');
  const [holidayProblem, setHolidayProblem] = useState<string>();
  const [pin, setPin] = useState('');
  const [pinProblem, setPinProblem] = useState<string>();
  const [save, { isLoading: saving }] = useSaveDeliverySettingsMutation();

  const dirty = useMemo(() => hasChanges(values, baseline), [values, baseline]);
  const allErrors = useMemo(() => validate(values), [values]);
  const errors: FormErrors = checked
    ? allErrors
    : Object.fromEntries(
        Object.entries(allErrors).filter(([path]) => JSON.stringify(pick(values, groupOf(path))) !== JSON.stringify(pick(baseline, groupOf(path)))),
      );
  const blocked = checked && Object.keys(allErrors).length > 0;

  const setZone = (zone: DeliveryZone, field: keyof ZoneValues, value: string) =>
    setValues((v) => ({ ...v, zones: { ...v.zones, [zone]: { ...v.zones[zone], [field]: value } } }));
  const setCod = <K extends keyof CodValues>(field: K, value: CodValues[K]) => setValues((v) => ({ ...v, cod: { ...v.cod, [field]: value } }));
  const set = <K extends keyof DeliveryFormValues>(key: K, value: DeliveryFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const toggleWeekday = (day: number, on: boolean) =>
    setValues((v) => ({
      ...v,
      no_dispatch_weekdays: on ? [...v.no_dispatch_weekdays, day].sort((a, b) => a - b) : v.no_dispatch_weekdays.filter((d) => d !== day),
    }));

  const addHoliday = () => {
    const problem = holidayError(holiday, values.holidays);
    setHolidayProblem(problem);
    if (problem) return;
    set('holidays', [...values.holidays, holiday].sort());
    setHoliday('');
  };

  const addPin = () => {
    const typed = pin.trim();
    const problem = localPinError(typed, values.local_pins);
    setPinProblem(problem);
    if (problem) return;
    set('local_pins', [...values.local_pins, typed]);
    setPin('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setChecked(true);
    if (Object.keys(allErrors).length > 0) return;
    const body = changesOf(values, baseline);
    try {
      const saved = await save(body).unwrap();
      notifySuccess('Delivery settings saved');
      const next = formValuesOf(saved);
      setBaseline(next);
      setValues(next);
      setChecked(false);
    } catch {
      // The server's message is toasted; what was typed stays for another try.
    }
  };

  /** A number field of the form (rupees or a count) with its problem under it. */
  const numberField = (path: string, label: string, value: string, onChange: (value: string) => void, hint?: string, decimal = false) => (
    <FormField
      id={id(path)}
      label={label}
      inputMode={decimal ? 'decimal' : 'numeric'}
      value={value}
      hint={hint}
      error={errors[path]}
      onChange={(e) => onChange(e.target.value)}
    />
  );

  return (
    <form className="delivery-form" onSubmit={submit} noValidate aria-label="Delivery settings">
      <Section
        title="Zones and fees"
        hint={`By the packed weight of the cart’s sizes: a fee for the first 500 g, and one for each further 500 g or part of it. The shop’s state is ${settings.shop_state} (SHOP_STATE on the server).`}
      >
        <div className="delivery-zones">
          <DataTable
            caption="Delivery zones"
            rows={DELIVERY_ZONES}
            rowKey={(z) => z}
            columns={[
              { key: 'zone', header: 'Zone', primary: true, cell: (z) => DELIVERY_ZONE_LABELS[z] },
              ...ZONE_FIELDS.map((field) => ({
                key: field,
                header: ZONE_HEADERS[field],
                cell: (z: DeliveryZone) => {
                  const path = `zones.${z}.${field}`;
                  const error = errors[path];
                  return (
                    <span className="delivery-cell">
                      <input
                        id={id(path)}
                        className="input"
                        inputMode={field.endsWith('days') ? 'numeric' : 'decimal'}
                        aria-label={`${DELIVERY_ZONE_LABELS[z]}: ${ZONE_HEADERS[field]}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? id(`${path}-error`) : undefined}
                        value={values.zones[z][field]}
                        onChange={(e) => setZone(z, field, e.target.value)}
                      />
                      {error && (
                        <span id={id(`${path}-error`)} className="field-error" role="alert">
                          {error}
                        </span>
                      )}
                    </span>
                  );
                },
              })),
            ]}
          />
        </div>
      </Section>

      <Section title="Free delivery and dispatch">
        <div className="form-grid">
          {numberField(
            'free_shipping_above',
            'Free delivery above (₹)',
            values.free_shipping_above,
            (v) => set('free_shipping_above', v),
            'The item total after any discount; 0 means delivery is never free.',
            true,
          )}
          <FormField
            id={id('dispatch_cutoff')}
            label="Dispatch cut-off (IST)"
            type="time"
            value={values.dispatch_cutoff}
            hint="Orders placed later are dispatched the next dispatch day."
            error={errors.dispatch_cutoff}
            onChange={(e) => set('dispatch_cutoff', e.target.value)}
          />
          {numberField('handling_days', 'Handling days', values.handling_days, (v) => set('handling_days', v), 'Dispatch days spent packing before the parcel leaves.')}
          <fieldset className="field field--wide delivery-fieldset" aria-describedby={errors.no_dispatch_weekdays ? id('weekdays-error') : undefined}>
            <legend>No dispatch on</legend>
            <div className="delivery-weekdays">
              {WEEKDAYS.map((day, n) => (
                <label key={day} className="check-label">
                  <input type="checkbox" checked={values.no_dispatch_weekdays.includes(n)} onChange={(e) => toggleWeekday(n, e.target.checked)} />
                  <span>{day}</span>
                </label>
              ))}
            </div>
            {errors.no_dispatch_weekdays && (
              <span id={id('weekdays-error')} className="field-error" role="alert">
                {errors.no_dispatch_weekdays}
              </span>
            )}
          </fieldset>
          <fieldset className="field field--wide delivery-fieldset">
            <legend>Holidays</legend>
            <p className="field-hint">Days the shop does not dispatch (festivals).</p>
            <div className="delivery-add">
              <FormField
                id={id('holiday')}
                label="Holiday"
                type="date"
                value={holiday}
                error={holidayProblem}
                onChange={(e) => {
                  setHoliday(e.target.value);
                  setHolidayProblem(undefined);
                }}
              />
              <Button variant="outline" onClick={addHoliday}>
                Add holiday
              </Button>
            </div>
            {values.holidays.length === 0 && <p className="muted small">No holidays.</p>}
            <ChipList label="Holidays" items={values.holidays} show={formatDay} onRemove={(d) => set('holidays', values.holidays.filter((h) => h !== d))} />
          </fieldset>
        </div>
      </Section>

      <Section
        title="Local delivery"
        hint="Products marked “Local delivery only” (fresh dairy) go only to these PINs. Add a whole PIN (411038) or its first digits (4110 covers every PIN starting with 4110)."
      >
        <div className="delivery-add">
          <FormField
            id={id('local-pin')}
            label="PIN or prefix"
            inputMode="numeric"
            maxLength={6}
            value={pin}
            error={pinProblem}
            onChange={(e) => {
              setPin(e.target.value.replace(/\D/g, ''));
              setPinProblem(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addPin();
              }
            }}
          />
          <Button variant="outline" onClick={addPin}>
            Add PIN
          </Button>
        </div>
        {values.local_pins.length === 0 && <p className="muted small">No local PINs: local-only products cannot be delivered anywhere.</p>}
        <ChipList label="Local PINs" items={values.local_pins} onRemove={(p) => set('local_pins', values.local_pins.filter((x) => x !== p))} />
      </Section>

      <Section title="Cash on delivery" hint="Only in India, only to PINs where COD is on (see PIN corrections).">
        <label className="check-label delivery-check--switch">
          <input type="checkbox" checked={values.cod.enabled} onChange={(e) => setCod('enabled', e.target.checked)} />
          <span>Offer cash on delivery</span>
        </label>
        <div className="form-grid">
          {numberField('cod.fee', 'COD fee (₹)', values.cod.fee, (v) => setCod('fee', v), 'Added to a COD order’s total.', true)}
          {numberField('cod.min_total', 'Minimum item total (₹)', values.cod.min_total, (v) => setCod('min_total', v), undefined, true)}
          {numberField('cod.max_total', 'Maximum item total (₹)', values.cod.max_total, (v) => setCod('max_total', v), undefined, true)}
          {numberField(
            'cod.max_open_per_phone',
            'Open COD orders per phone',
            values.cod.max_open_per_phone,
            (v) => setCod('max_open_per_phone', v),
            'Unconfirmed or uncollected COD orders one phone number may have at once.',
          )}
          {numberField(
            'cod.confirm_hours',
            'Hours to confirm',
            values.cod.confirm_hours,
            (v) => setCod('confirm_hours', v),
            'An order not confirmed by then expires and its stock goes back.',
          )}
          {numberField(
            'cod.max_returns',
            'Returns before COD is turned off',
            values.cod.max_returns,
            (v) => setCod('max_returns', v),
            'An account with this many COD parcels returned can no longer choose COD.',
          )}
        </div>
      </Section>

      <div className="form-actions delivery-form__actions">
        {!dirty && <span className="muted small">No changes yet</span>}
        {blocked && (
          <span className="field-error" role="alert">
            Some fields need a fix (see above).
          </span>
        )}
        <Button type="submit" disabled={saving || !dirty}>
          {saving ? 'Saving…' : 'Save delivery settings'}
        </Button>
      </div>
    </form>
  );
}
