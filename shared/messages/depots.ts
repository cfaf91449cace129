/** The depots area's messages: the spec's texts verbatim, and the English field messages the screens translate. No schemas here, so storage modules can use them without building the area's operations (docs/decisions/0495). */

/** Messages; `referenced` is the spec's text (part 2 §8), the others are English field messages the screen translates. */
export const DEPOT_MESSAGES = {
  referenced: 'Depot is still assigned to one or more users. Please remove the depot from all users.',
  changedMeanwhile: 'This depot was changed by someone else meanwhile; reload it and try again.',
  notFound: 'No depot has this id.',
  streetRequired: 'Enter the street.',
  cityRequired: 'Enter the city.',
  civicNumber: 'A civic number has at most 20 characters.',
  lat: 'A latitude is a number between -90 and 90.',
  lng: 'A longitude is a number between -180 and 180.',
} as const;
