/**
 * Phone numbers as the shop keeps them: "+<country code> <number>", an Indian number grouped as people read it
 * ("+91 98220 12345"), any other as "+<digits>". India is the default country (SPEC: "Default phone country: India").
 */

const INDIA = '91';
/** The phone input's own limit (E.164): at most 15 digits with the country code. */
const MAX_DIGITS = 15;

/**
 * The shop's form of a number given as "+" and its digits (what the phone input holds): an Indian 10-digit number
 * as "+91 98220 12345", anything else as "+<digits>"; "" for no digits.
 *
 * @example formatPhone('+919822012345') // '+91 98220 12345'
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (digits === '') return '';
  if (digits.length === 12 && digits.startsWith(INDIA)) return `+91 ${digits.slice(2, 7)} ${digits.slice(7)}`;
  return `+${digits}`;
}

/**
 * A whole phone number read from what someone pasted or typed: "9822012345", "+91 98220 12345",
 * "098220 12345", "0091-98220-12345" and "91 9822012345" all give "+91 98220 12345"; a number with another country
 * code ("+44 20 7946 0958") keeps it. `null` when the text is not one whole number (a fragment, a word), so a caller
 * can treat it as a piece of a number instead.
 *
 * @example normalisePhone('098220 12345') // '+91 98220 12345'
 */
export function normalisePhone(text: string): string | null {
  const trimmed = text.trim();
  // Only the characters people write numbers with: digits, one + before them and spaces, dashes, dots, brackets.
  if (!/^[\s(]*\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  const international = trimmed.includes('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international) {
    if (digits.startsWith(INDIA)) return digits.length === 12 ? formatPhone(digits) : null;
    return digits.length >= 8 && digits.length <= MAX_DIGITS ? `+${digits}` : null;
  }
  // Within India: the number itself, with the trunk 0 or with the country code written without "+".
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 12 && digits.startsWith(INDIA)) digits = digits.slice(2);
  return digits.length === 10 ? formatPhone(INDIA + digits) : null;
}
