/**
 * An MLS number as the product stores it: digits only, 6 to 10 of them (Centris numbers are 8; the
 * provider file's numbers follow the same rule, so a number outside it could never be matched).
 * One rule for every place that takes one: MLS entry and matching, the listing dialog, the
 * provider file (docs/decisions/0545).
 */
export const MLS_PATTERN = /^\d{6,10}$/;
export const MLS_DIGITS_MESSAGE = 'An MLS number is 6 to 10 digits.';
