/** Part 1 section 5 and part 2 section 5: password rules and their messages (verbatim). */
export const PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_MESSAGES = {
  tooShort: 'Le mot de passe doit contenir six caractères.',
  mismatch: 'La validation du mot de passe a échoué.',
  wrongOld: "L'ancien mot de passe est invalide.",
  changed: 'Le mot de passe a été changé avec succès.',
} as const;

export type PasswordProblem = 'tooShort' | 'mismatch';

/** The form check shared by the web and the server. */
export function checkNewPassword(password: string, confirmation: string): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password !== confirmation) return 'mismatch';
  return undefined;
}
