/** The zones area's messages: the spec's texts verbatim, and the English field messages the screens translate. No schemas here, so storage modules can use them without building the area's operations (docs/decisions/0495). */

/** The editor's texts of part 2 §5 and §8, verbatim. */
export const ZONE_MESSAGES = {
  noShape: 'Please mark the zone on the map before saving it!',
  noName: 'Please set the zone name before saving it!',
  errorTitle: 'Erreur lors de la supression de zone',
  unexpected: 'An unexpected error has occured:',
  blocked: 'These zones are still in use: reassign the shootings and change the users’ zones before deleting them.',
  stale: 'Someone else changed, deleted or started using these zones since you loaded them; reload the zones and make your change again.',
  duplicate: 'A zone may appear only once in a save.',
  tooMany: 'Save at most 100 zone changes at once.',
  nothing: 'A save changes at least one zone (update, create or delete).',
} as const;
