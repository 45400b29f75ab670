import { useEffect, useRef, type ClipboardEvent } from 'react';
import PhoneInputModule, { type CountryData } from 'react-phone-input-2';
import 'react-phone-input-2/lib/style.css';
import { formatPhone, normalisePhone } from '@shop/domain/phone';

// The package is CommonJS; depending on the bundler the component is the default or its `default`.
const PhoneInput = ((PhoneInputModule as unknown as { default?: typeof PhoneInputModule }).default ?? PhoneInputModule) as typeof PhoneInputModule;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A phone number input with a country picker, India by default. The value is the shop's form of the number
 * ("+91 98220 12345"; see @shop/domain/phone).
 *
 * The library keeps its "+91" prefix by refusing any edit that touches it, so by itself a number pasted over the
 * whole field, or a select-all and Backspace, did nothing or left a mangled number. This field takes those two
 * edits over: a pasted whole number (with or without +91, 0 or spaces) replaces what was there, a pasted piece goes
 * where the caret is, and deleting a selection that starts in the prefix clears the number but keeps the country.
 */
export function PhoneField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement | null>(null);
  const dialCode = useRef('91');
  const emit = useRef(onChange);
  emit.current = onChange;

  /** The country code shown ("+91 98220-12345" gives 91): the library writes a space after it. */
  const shownDialCode = (field: HTMLInputElement) => /^\+(\d+)(?:\s|$)/.exec(field.value)?.[1] ?? dialCode.current;

  /** The field's text with the selection replaced by `text`, after the country code, which always stays. */
  const replaced = (field: HTMLInputElement, text: string) => {
    const code = shownDialCode(field);
    const prefixLength = code.length + 1;
    const start = Math.max(field.selectionStart ?? field.value.length, prefixLength);
    const end = Math.max(field.selectionEnd ?? start, start);
    return `+${code}${digitsOf(field.value.slice(prefixLength, start))}${digitsOf(text)}${digitsOf(field.value.slice(end))}`;
  };

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    // A native listener: React has no beforeinput with inputType, and phone keyboards send no Backspace keydown.
    const onBeforeInput = (event: InputEvent) => {
      if (!event.inputType.startsWith('delete')) return;
      const start = field.selectionStart ?? 0;
      const end = field.selectionEnd ?? 0;
      if (start === end || start > shownDialCode(field).length) return; // an ordinary delete: the library handles it
      event.preventDefault();
      emit.current(formatPhone(replaced(field, '')));
    };
    field.addEventListener('beforeinput', onBeforeInput);
    return () => field.removeEventListener('beforeinput', onBeforeInput);
  }, []);

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text');
    const whole = normalisePhone(pasted);
    if (whole) onChange(whole);
    else if (digitsOf(pasted) !== '') onChange(formatPhone(replaced(event.currentTarget, pasted)));
  };

  return (
    <div className="field phone-field">
      <label htmlFor={id}>Phone</label>
      <PhoneInput
        country="in"
        value={digitsOf(value)}
        onChange={(digits, country: CountryData | Record<string, never>) => {
          if ('dialCode' in country && country.dialCode) dialCode.current = country.dialCode;
          onChange(formatPhone(digits));
        }}
        inputProps={{ id, name: 'phone', autoComplete: 'tel', onPaste, ref: input }}
        enableSearch={false}
        countryCodeEditable={false}
      />
    </div>
  );
}
