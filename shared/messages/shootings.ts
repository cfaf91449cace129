/** The shootings area's messages: the spec's texts verbatim, and the English field messages the screens translate. No schemas here, so storage modules can use them without building the area's operations (docs/decisions/0495). */

/** Messages the web shows; the spec's keys are the web's (bookshooting.*, cancelshooting.*). */
export const SHOOTING_MESSAGES = {
  citySupported: 'The service is available in this city.',
  cityNotSupported: "Le service n'est pas disponible dans cette ville.",
  slotTaken: 'There was an error while booking your shooting. The timeframe you selected might not be available anymore.',
  alreadyConfirmed: 'The shooting is already confirmed: it can no longer be changed or cancelled.',
  notUnconfirmed: 'Only a shooting pending confirmation can be changed or cancelled.',
  reasonTooShort: 'The cancellation reason must contain at least 5 characters.',
  sameSlot: 'The shooting is already in this time frame.',
  pastSlot: 'This time frame has already started.',
} as const;

export const SHOOTING_ADMIN_MESSAGES = {
  stale: 'This shooting was changed by someone else meanwhile: it has been reloaded, check it and try again.',
  noPictureUpload: "Only a shooting with a 'Picture Upload' service has a saisie-à-la-source flag.",
  notAnExtra: 'This service cannot be added to this shooting.',
  serviceAdded: 'The service was added to the shooting.',
  notPostProd: 'Choose a post-production technician.',
  notBillable: 'Mark the shooting billable before generating its invoice.',
  notNotarizable: 'A notarized invoice needs a sold listing with its notary date.',
  noteRequired: 'Write the note first.',
} as const;

export const BOOKING_MESSAGES = {
  notBookable: 'This service cannot be added to this booking.',
  brokerRequired: 'Choose the broker this shooting is for.',
  notABroker: 'This user is not a broker.',
  brokersOnly: 'Only administrators book on behalf of a broker.',
  requestReused: 'This booking request was already sent with other details; send the new details as a new request.',
} as const;
