import type { LabelDetails, Product } from '@shop/domain/schemas/products';
import { FormField, TextAreaField } from '@shop/ui/form-field';

/** What the label details fields edit: the product's own text, or '' for the shop's default. */
export type LabelDetailsValues = LabelDetails;

export const EMPTY_LABEL_DETAILS: LabelDetailsValues = { packer: '', country_of_origin: '', best_before: '', consumer_care: '' };

/** The product answers the effective text (its own, or the shop's default where it has none). */
export function labelDetailsOf(product: Product): LabelDetailsValues {
  const d = product.label_details;
  return { packer: d.packer, country_of_origin: d.country_of_origin, best_before: d.best_before, consumer_care: d.consumer_care };
}

/**
 * The label details as the API takes them: only the fields that differ from `before`, so an untouched field keeps
 * following the shop's default; an emptied field is sent as '' (back to the default). Undefined when none changed.
 */
export function labelDetailsInputOf(now: LabelDetailsValues, before: LabelDetailsValues): Partial<LabelDetailsValues> | undefined {
  const keys = (Object.keys(now) as Array<keyof LabelDetailsValues>).filter((k) => now[k].trim() !== before[k].trim());
  if (keys.length === 0) return undefined;
  return Object.fromEntries(keys.map((k) => [k, now[k].trim()]));
}

const DEFAULT = 'Empty: the shop’s default';

/** The four fields, in the form's order: the two addresses as text areas, the short ones as lines. */
const FIELDS: ReadonlyArray<{ key: keyof LabelDetailsValues; id: string; label: string; maxLength: number; area?: boolean }> = [
  { key: 'packer', id: 'packer', label: 'Manufacturer or packer, with address', maxLength: 500, area: true },
  { key: 'consumer_care', id: 'care', label: 'Consumer care', maxLength: 500, area: true },
  { key: 'country_of_origin', id: 'country', label: 'Country of origin', maxLength: 60 },
  { key: 'best_before', id: 'best-before', label: 'Best before', maxLength: 120 },
];

/** The Legal Metrology details printed with the listing besides MRP and net quantity (the size's label). */
export function LabelDetailsFields({
  idPrefix,
  values,
  onChange,
}: {
  idPrefix: string;
  values: LabelDetailsValues;
  onChange: (values: LabelDetailsValues) => void;
}) {
  return (
    <fieldset className="field field--wide label-details">
      <legend>Label details</legend>
      <p className="field-hint">What the pack’s label says. Leave a field empty to use the shop’s default.</p>
      <div className="form-grid">
        {FIELDS.map(({ key, id, label, maxLength, area }) => {
          const props = {
            id: `${idPrefix}-label-${id}`,
            label,
            maxLength,
            placeholder: DEFAULT,
            value: values[key],
          };
          return area ? (
            <TextAreaField key={key} {...props} rows={2} onChange={(e) => onChange({ ...values, [key]: e.target.value })} />
          ) : (
            <FormField key={key} {...props} onChange={(e) => onChange({ ...values, [key]: e.target.value })} />
          );
        })}
      </div>
    </fieldset>
  );
}
