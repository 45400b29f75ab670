import { useId, useState, type ChangeEvent } from 'react';
import { MAX_IMAGE_BYTES } from '@shop/domain/constants';
import { assetHref } from '../config';
import { ACCEPTED_IMAGE_TYPES, readImageFile } from '../lib/read-image';
import './image-picker.css';

/**
 * Picks an image, checks type and size in the browser, reads it as a data URL and shows a preview.
 * `value` is what is shown: the new data URL, or the image the server already has.
 */
export function ImagePicker({
  label = 'Image',
  value,
  onChange,
  required = false,
  error: outerError,
  note,
}: {
  label?: string;
  /** What else the admin should know about this image, read after the type and size rule. */
  note?: string;
  value: string | undefined;
  onChange: (dataUrl: string) => void;
  required?: boolean;
  error?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const shownError = error ?? outerError;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    const result = await readImageFile(file);
    setReading(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    onChange(result.dataUrl);
  };

  return (
    <div className="field image-picker">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="image-picker__row">
        <div className="image-picker__preview">
          {value ? (
            <img src={assetHref(value)} alt={`${label} preview`} />
          ) : (
            <span className="image-picker__placeholder">No image</span>
          )}
        </div>
        <div className="image-picker__controls">
          <input
            id={id}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            onChange={onFile}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          />
          <span id={`${id}-hint`} className="field-hint">
            JPEG, PNG, WebP or GIF, up to {Math.round(MAX_IMAGE_BYTES / (1024 * 1024))} MB.
            {note ? ` ${note}` : ''}
            {reading ? ' Reading…' : ''}
          </span>
          {shownError && (
            <span id={`${id}-error`} className="field-error" role="alert">
              {shownError}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
