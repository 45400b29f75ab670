import PhoneInputModule from 'react-phone-input-2';
import 'react-phone-input-2/lib/style.css';

// The package is CommonJS; depending on the bundler the component is the default or its `default`.
const PhoneInput = ((PhoneInputModule as unknown as { default?: typeof PhoneInputModule }).default ?? PhoneInputModule) as typeof PhoneInputModule;

/** A phone number input with a country picker, India by default. The value is "+<digits>". */
export function PhoneField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field phone-field">
      <label htmlFor={id}>Phone</label>
      <PhoneInput
        country="in"
        value={value.replace(/^\+/, '')}
        onChange={(digits) => onChange(digits ? `+${digits}` : '')}
        inputProps={{ id, name: 'phone', autoComplete: 'tel' }}
        enableSearch={false}
        countryCodeEditable={false}
      />
    </div>
  );
}
