/**
 * A phone number as a person types one: 7 to 15 digits (E.164's most), written with spaces, dots,
 * dashes, parentheses and a leading '+', and optionally an extension ('poste 12', 'ext. 12',
 * 'x12'). Letters anywhere else mean it is not a phone number (docs/decisions/0720).
 */
export const PHONE_MAX_LENGTH = 40;
const EXTENSION = /(?:poste|ext\.?|x|#)\s*\d{1,6}$/i;
const MAIN_PART = /^\+?[\d\s().-]+$/;
const MAIN_DIGITS = { min: 7, max: 15 } as const;

/** Checked in linear time: the length first, then the extension and the main part apart (no pattern that can backtrack). */
export function isPhoneNumber(text: string): boolean {
  if (text.length > PHONE_MAX_LENGTH) return false;
  const extension = EXTENSION.exec(text);
  const main = (extension ? text.slice(0, extension.index) : text).trimEnd();
  if (!MAIN_PART.test(main)) return false;
  const digits = main.replace(/\D/g, '').length;
  return digits >= MAIN_DIGITS.min && digits <= MAIN_DIGITS.max;
}

export const PHONE_MESSAGE = 'Enter a phone number: 7 to 15 digits, with an optional extension.';
