import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { GST_RATES, type GstRate } from '@shop/domain/constants';
import type { Product } from '@shop/domain/schemas/products';
import { useCategoriesQuery, useSolutionsQuery } from '../../lib/catalogue-api';
import { Button } from '@shop/ui/button';
import { FormField, SelectField, TextAreaField, type FormFieldProps } from '@shop/ui/form-field';
import { ImagePicker } from '../../components/image-picker';
import { SizesGrid } from './sizes-grid';
import { defaultIndex, hasSizeErrors, isSpecOnly, newSizeRow, sizeErrors, sizeRowsOf, sizesSignature, variantsOf, type SizeRow } from './sizes';
import { EMPTY_LABEL_DETAILS, LabelDetailsFields, labelDetailsInputOf, labelDetailsOf, type LabelDetailsValues } from './label-details-fields';
import { LazyRichTextEditor } from '../../components/lazy-rich-text-editor';
import './product-form.css';

/** What the form edits; numbers stay text until they are sent (the server decides what is valid). */
export interface ProductFormValues {
  name: string;
  category: string;
  solutions: string[];
  shortdesc: string;
  description: string;
  contents: string;
  highlighted: boolean;
  /** Delivered only to the local PINs of the Delivery screen (fresh dairy). */
  local_only: boolean;
  /** HSN code for the tax invoice ('' when not classified). */
  hsn_code: string;
  /** GST rate in percent as text ('' when not set). */
  gst_rate: string;
  /** Every size in order; the SPEC's Price and Quantity fields edit the default one. */
  sizes: SizeRow[];
  label_details: LabelDetailsValues;
  /** A newly chosen image as a data URL; undefined keeps the current one. */
  image?: string;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  category: '',
  solutions: [],
  shortdesc: '',
  description: '',
  contents: '',
  highlighted: false,
  local_only: false,
  hsn_code: '',
  gst_rate: '',
  sizes: [newSizeRow({ key: 'first', is_default: true })],
  label_details: EMPTY_LABEL_DETAILS,
};

export function valuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    category: product.category?._id ?? '',
    solutions: product.solutions.map((s) => s._id),
    shortdesc: product.shortdesc,
    description: product.description,
    contents: product.contents,
    highlighted: product.highlighted,
    local_only: product.local_only ?? false,
    hsn_code: product.hsn_code ?? '',
    gst_rate: product.gst_rate === undefined ? '' : String(product.gst_rate),
    sizes: sizeRowsOf(product),
    label_details: labelDetailsOf(product),
  };
}

/** The tax fields as the API takes them: '' clears the HSN code, an unset rate is sent as null (cleared). */
function taxFieldsOf(v: ProductFormValues): { hsn_code: string; gst_rate: GstRate | null } {
  const rate = GST_RATES.find((r) => String(r) === v.gst_rate);
  return { hsn_code: v.hsn_code.trim(), gst_rate: rate ?? null };
}

/** A number field as the API wants it; an empty field is left out so the server can say what is missing. */
function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The fields a new product and an update send alike (the category and the image each send their own way). */
export function productFieldsOf(v: ProductFormValues) {
  return {
    name: v.name.trim(),
    solutions: v.solutions,
    shortdesc: v.shortdesc,
    description: v.description,
    contents: v.contents,
    highlighted: v.highlighted,
    ...taxFieldsOf(v),
  };
}

/**
 * Sizes, label details and the local-only flag as POST products / PUT products/{id} take them, against what the form
 * started from: a new product with one unnamed size sends the SPEC's price and quantity; otherwise the sizes go as
 * `variants` when they changed (each saved size with the stock the editor showed), only the label details that
 * changed, and `local_only` only when it changed (a new product sends it only when ticked).
 */
export function changedFieldsOf(v: ProductFormValues, before: ProductFormValues) {
  const isNew = !v.sizes.some((r) => r._id) && !before.sizes.some((r) => r._id);
  const sizes =
    isNew && isSpecOnly(v.sizes)
      ? { price: numberOrUndefined(v.sizes[0]!.price), quantity: numberOrUndefined(v.sizes[0]!.quantity) }
      : isNew || sizesSignature(v.sizes) !== sizesSignature(before.sizes)
        ? { variants: variantsOf(v.sizes) }
        : {};
  const label = labelDetailsInputOf(v.label_details, before.label_details);
  return {
    ...sizes,
    ...(label ? { label_details: label } : {}),
    ...(v.local_only !== before.local_only ? { local_only: v.local_only } : {}),
  };
}

function sameValues(a: ProductFormValues, b: ProductFormValues): boolean {
  const norm = (v: ProductFormValues) => JSON.stringify({ ...v, solutions: [...v.solutions].sort(), sizes: sizesSignature(v.sizes) });
  return norm(a) === norm(b);
}

/**
 * The SPEC's Price and Quantity, which edit the default size; with several sizes the hint says it is the default's
 * (`size`, at `index`).
 */
const DEFAULT_SIZE_FIELDS: Array<{ key: 'price' | 'quantity'; label: string; hint: (size: SizeRow, index: number) => string } & Pick<FormFieldProps, 'inputMode' | 'step'>> = [
  { key: 'price', label: 'Price (₹)', inputMode: 'decimal', step: '0.01', hint: (size, i) => `The default size’s (${size.label || `size ${i + 1}`}).` },
  { key: 'quantity', label: 'Quantity', inputMode: 'numeric', step: '1', hint: () => 'The default size’s stock.' },
];

/**
 * The product fields of SPEC 3, shared by the Add product overlay, the create-product page and the
 * product detail. With `requireChange`, the submit button stays disabled until something differs
 * from `initial` (SPEC 4: Update is enabled only after a change).
 */
export function ProductForm({
  initial,
  currentImage,
  submitLabel,
  busyLabel,
  requireChange = false,
  onSubmit,
  busy,
}: {
  initial: ProductFormValues;
  currentImage?: string;
  submitLabel: string;
  busyLabel: string;
  requireChange?: boolean;
  busy: boolean;
  /**
   * Gets the values and what the form started from. Resolves false when not saved, true when saved (the sent values
   * become the form's pristine state) or the saved product's values (the form starts again from them).
   */
  onSubmit: (values: ProductFormValues, before: ProductFormValues) => Promise<boolean | ProductFormValues>;
}) {
  const uid = useId();
  const categories = useCategoriesQuery();
  const solutions = useSolutionsQuery();
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  // Size problems show once a save was tried, then follow each keystroke.
  const [checked, setChecked] = useState(false);
  const dirty = useMemo(() => !sameValues(values, baseline), [values, baseline]);
  const errors = useMemo(() => sizeErrors(values.sizes), [values.sizes]);
  const sendsSizes = 'variants' in changedFieldsOf(values, baseline);
  const blocked = checked && sendsSizes && hasSizeErrors(errors);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  /** The SPEC's Price and Quantity fields edit the default size. */
  const def = defaultIndex(values.sizes);
  const setDefault = (field: 'price' | 'quantity', value: string) =>
    setValues((v) => ({ ...v, sizes: v.sizes.map((r, i) => (i === defaultIndex(v.sizes) ? { ...r, [field]: value } : r)) }));

  const toggleSolution = (id: string, on: boolean) =>
    setValues((v) => ({ ...v, solutions: on ? [...v.solutions, id] : v.solutions.filter((s) => s !== id) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (requireChange && !dirty) return;
    if (sendsSizes && hasSizeErrors(errors)) {
      setChecked(true);
      return;
    }
    const sent = values;
    const saved = await onSubmit(sent, baseline);
    if (saved) {
      const { image: _sentImage, ...rest } = saved === true ? sent : saved;
      setBaseline(rest);
      setValues(rest);
      setChecked(false);
    }
  };

  const id = (name: string) => `${uid}-${name}`;
  /** id, value and onChange of a field typed in as it is kept (the name and the two descriptions). */
  const text = (key: 'name' | 'shortdesc' | 'description') => ({
    id: id(key),
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
  });
  const contentsLabelId = id('contents-label');

  return (
    <form className="product-form" onSubmit={submit} noValidate aria-label={submitLabel === 'Update' ? 'Edit product' : 'New product'}>
      <div className="form-grid">
        <FormField label="Name" {...text('name')} />
        {DEFAULT_SIZE_FIELDS.map(({ key, hint, ...field }) => (
          <FormField
            key={key}
            id={id(key)}
            type="number"
            min="0"
            {...field}
            hint={values.sizes.length > 1 ? hint(values.sizes[def]!, def) : undefined}
            value={values.sizes[def]![key]}
            onChange={(e) => setDefault(key, e.target.value)}
          />
        ))}
        <FormField
          id={id('hsn')}
          label="HSN code"
          inputMode="numeric"
          maxLength={8}
          pattern="[0-9]{4}([0-9]{2}){0,2}"
          placeholder="e.g. 0405"
          hint="4, 6 or 8 digits, printed on the tax invoice."
          value={values.hsn_code}
          onChange={(e) => set('hsn_code', e.target.value.replace(/\D/g, ''))}
        />
        <SelectField id={id('gst')} label="GST rate" value={values.gst_rate} onChange={(e) => set('gst_rate', e.target.value)}>
          <option value="">Not set</option>
          {GST_RATES.map((r) => (
            <option key={r} value={String(r)}>
              {r}%
            </option>
          ))}
        </SelectField>
        <SelectField id={id('category')} label="Category" value={values.category} onChange={(e) => set('category', e.target.value)}>
          <option value="">Choose a category</option>
          {(categories.data?.categories ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SizesGrid idPrefix={uid} rows={values.sizes} errors={checked ? errors : undefined} onChange={(rows) => set('sizes', rows)} />
        <fieldset className="field field--wide checkbox-group">
          <legend>Solutions</legend>
          {(solutions.data?.solutions ?? []).length === 0 ? (
            <p className="muted small">No solutions yet. Add them under Categories.</p>
          ) : (
            <div className="checkbox-group__items">
              {(solutions.data?.solutions ?? []).map((s) => (
                <label key={s._id} className="check">
                  <input
                    type="checkbox"
                    checked={values.solutions.includes(s._id)}
                    onChange={(e) => toggleSolution(s._id, e.target.checked)}
                  />
                  <span>{s.name}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <TextAreaField label="Short description" wide rows={2} {...text('shortdesc')} />
        <TextAreaField label="Description" wide rows={4} {...text('description')} />
        <div className="field field--wide">
          <label className="check check--switch">
            <input type="checkbox" checked={values.highlighted} onChange={(e) => set('highlighted', e.target.checked)} />
            <span>Highlight on the home page (Bestsellers)</span>
          </label>
        </div>
        <div className="field field--wide">
          <label className="check check--switch">
            <input
              type="checkbox"
              checked={values.local_only}
              aria-describedby={id('local-only-hint')}
              onChange={(e) => set('local_only', e.target.checked)}
            />
            <span>Local delivery only</span>
          </label>
          <span className="field-hint" id={id('local-only-hint')}>
            Delivered only to the local PINs set on the Delivery screen, e.g. fresh dairy
          </span>
        </div>
        <LabelDetailsFields idPrefix={uid} values={values.label_details} onChange={(d) => set('label_details', d)} />
        <div className="field--wide">
          <ImagePicker label="Image" value={values.image ?? currentImage} onChange={(dataUrl) => set('image', dataUrl)} />
        </div>
        <div className="field field--wide">
          <span className="field-label" id={contentsLabelId}>
            Contents
          </span>
          <LazyRichTextEditor value={initial.contents} onChange={(html) => set('contents', html)} labelId={contentsLabelId} />
        </div>
      </div>
      <div className="form-actions form-actions--sticky">
        {requireChange && !dirty && <span className="muted small">No changes yet</span>}
        {blocked && (
          <span className="field-error" role="alert">
            Some sizes need a fix (see Sizes).
          </span>
        )}
        <Button type="submit" disabled={busy || (requireChange && !dirty)}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
