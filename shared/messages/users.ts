/** The users area's messages: the spec's texts verbatim, and the English field messages the screens translate. No schemas here, so storage modules can use them without building the area's operations (docs/decisions/0495). */

/** Field messages in English (the form shows its own translation of each; the spec gives none but the password's). */
export const USER_MESSAGES = {
  required: 'Required',
  email: 'Enter a valid e-mail address.',
  role: 'Choose one of the roles of the form.',
  atLeastOne: 'Choose at least one.',
  /** Part 2 §8 "User save 409". */
  exists: "L'usager existe déjà.",
  changedMeanwhile: 'This user changed meanwhile; reload the form and try again.',
  aboveYourLevel: 'You cannot change a user above your level.',
  notYourself: 'You cannot suspend yourself or change your own role.',
  unknownZone: 'This zone does not exist (or is not a photoshoot zone).',
  unknownOffer: 'This service offer does not exist.',
  unknownPackage: 'This shooting package does not exist.',
  unknownTeam: 'This team does not exist.',
  unknownFranchise: 'This franchise does not exist.',
  subscription: 'Choose one of the subscriptions.',
  tooManyReferences: 'At most 90 backup zones, service offers and shooting packages together.',
  /** Part 2 §8 "User save success" (create, then edit). */
  created: "L'usager a été créé avec succès. Vous pouvez en créer un nouveau ou retourner à la liste.",
  saved: 'La sauvegarde effectuée avec succès.',
} as const;
