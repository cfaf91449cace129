/**
 * A phone number as a person types one: 7 to 15 digits (E.164's most), written with spaces, dots,
 * dashes, parentheses and a leading '+', and optionally an extension ('poste 12', 'ext. 12',
 * 'x12'). Letters anywhere else mean it is not a phone number (docs/decisions/0720).
 */
const PHONE_PATTERN = /^\+?[\d\s().-]+?(?:\s*(?:poste|ext\.?|x|#)\s*\d{1,6})?$/i;
const MAIN_DIGITS = { min: 7, max: 15 } as const;

export function isPhoneNumber(text: string): boolean {
  if (!PHONE_PATTERN.test(text)) return false;
  const main = text.replace(/\s*(?:poste|ext\.?|x|#)\s*\d{1,6}$/i, '').replace(/\D/g, '');
  return main.length >= MAIN_DIGITS.min && main.length <= MAIN_DIGITS.max;
}

export const PHONE_MESSAGE = 'Enter a phone number: 7 to 15 digits, with an optional extension.';
