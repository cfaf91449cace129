/** JSON bodies above this size answer 413 (files go straight to S3 through presigned URLs). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The plumbing's own texts (functions/plumbing: its errors' defaults and the answers the API
 * handler writes itself). They are generic, so the web says them in the page's language
 * (web/src/api/error-text.ts) instead of showing them as they came.
 */
export const PLUMBING_MESSAGES = {
  invalidInput: 'Invalid input.',
  malformedJson: 'Malformed JSON body.',
  notAnObject: 'The JSON body must be an object.',
  authenticationRequired: 'Authentication required.',
  sessionEnded: 'Session expired or revoked.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  /** The generic 409 of a write that lost to another one. */
  changedMeanwhile: 'The data changed meanwhile; reload and try again.',
  internalError: 'Internal error.',
  bodyTooLarge: `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
  /** DynamoDB or S3 could not be reached or did not answer in time. */
  storageUnavailable: 'The service is briefly unavailable (storage did not answer); try again in a moment.',
  /** A DynamoDB batch still throttled after its retries. */
  databaseBusy: 'The database is busy; try again in a moment.',
  /** Amazon Location (addresses, positions, travel times) failed. */
  addressServiceFailed: 'The address and travel-time service did not answer; try again in a moment.',
} as const;
