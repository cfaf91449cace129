/**
 * The storage design shared by the CDK stacks and the local stack (npm start), so the
 * two cannot drift: one DynamoDB table with overloaded keys and GSIs, two buckets.
 * Keys are composed only in functions/plumbing/keys.ts.
 */
export const TABLE = {
  logicalName: 'Main',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /**
   * Overloaded GSIs. Code never names one: it names the access pattern (ACCESS below), and
   * ACCESS says which index serves it (docs/decisions/0124-indexes-named-by-access-pattern.md).
   */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi6', partitionKey: 'gsi6pk', sortKey: 'gsi6sk' },
    /** Request logs by hour and status (ADR 0230). */
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
  ],
} as const;

export type TableIndex = (typeof TABLE.indexes)[number];
const [gsi1, gsi2, gsi3] = TABLE.indexes;
const gsi6 = TABLE.indexes.find((index) => index.name === 'gsi6')!;
const gsi5 = TABLE.indexes.find((index) => index.name === 'gsi5')!;

/**
 * Every index access pattern, by name, and the index that serves it (keys.ts composes the
 * partition and sort values; docs/data-model.md lists them). A query names its pattern
 * (`ACCESS.shootingsByTechDate`), so what it reads is said where it reads it; the physical GSIs
 * keep their names, as renaming a GSI of the deployed table would rebuild it (ADR 0124).
 */
export const ACCESS = {
  /** Users of a role, by last name. */
  usersByRole: gsi1,
  /** A user's sessions, by creation (revoked together). */
  sessionsByUser: gsi1,
  /** A user's request logs, by time. */
  requestLogsByUser: gsi1,
  /** The request logs of one UTC hour that answered one status, by time (ADR 0230). */
  requestLogsByHourStatus: gsi5,
  /** A broker's listings, newest update first. */
  listingsByBroker: gsi1,
  /** A broker's shootings, by date. */
  shootingsByBrokerDate: gsi1,
  /** A listing's shootings, by date (ADR 0685). */
  shootingsByListingDate: gsi6,
  /** A user's tickets, newest first. */
  ticketsByCreator: gsi1,
  /** Every depot, by id. */
  allDepots: gsi1,
  /** Every VR headset, by serial number. */
  allHmds: gsi1,
  /** Every service offer / shooting package, by id. */
  allServiceOffers: gsi1,
  allShootingPackages: gsi1,
  /** The shootings of one day. */
  shootingsByDay: gsi2,
  /** The listing of a public delivery token. */
  listingByToken: gsi2,
  /** Every ticket, newest first (admin levels). */
  allTickets: gsi2,
  /** The open tickets, oldest first (sparse: removed on resolve, ADR 0690). */
  openTickets: gsi3,
  /** A user's VR headsets. */
  hmdsByUser: gsi2,
  /** An unavailability by its id (the calendar's removal). */
  unavailabilityById: gsi2,
  /** A capture technician's shootings, by date. */
  shootingsByTechDate: gsi3,
  /** Every listing, newest update first (staff lists). */
  allListings: gsi3,
  /** The listing map: the '@map' token items of listings with a delivery token (ADR 0200). */
  listingSearch: gsi2,
  /** Listing search: word-block items by the first 3 letters of a word, then word and block of ids (ADR 0300). */
  listingSearchWords: gsi2,
  /** The listings that had visits on a day, by id (the virtual-visit report, ADR 0201). */
  visitsByDay: gsi1,
  /** The listings that had visits in a month, by id (the report's whole months, ADR 0695). */
  visitsByMonth: gsi1,
  /** Provider listings of one street of a municipality, by civic number then unit (MLS match-making, ADR 0221). */
  providerListingsByStreet: gsi6,
  /** A listing's automated videos, newest request first. */
  videosByListing: gsi1,
  /** Every video job (the job monitor), newest request first. */
  allVideoJobs: gsi2,
} as const satisfies Record<string, TableIndex>;

export type AccessPattern = keyof typeof ACCESS;

export const BUCKETS = {
  media: { logicalName: 'Media', localName: 'media' },
  injector: { logicalName: 'Injector', localName: 'injector' },
} as const;

/** Remote files are deleted 90 days after their last update (part 2 section 9). */
export const INJECTOR_RETENTION_DAYS = 90;
/** Incomplete multipart uploads are aborted after this many days (bucket lifecycle). */
export const INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS = 7;

export const DEFAULT_REGION = 'ca-central-1';

/** Environment variable names the handlers read; the CDK and the local adapter set them. */
export const ENV = {
  tableName: 'TABLE_NAME',
  mediaBucket: 'MEDIA_BUCKET',
  injectorBucket: 'INJECTOR_BUCKET',
  dispatchStateMachineArn: 'DISPATCH_STATE_MACHINE_ARN',
  videoStateMachineArn: 'VIDEO_STATE_MACHINE_ARN',
  placeIndex: 'LOCATION_PLACE_INDEX',
  routeCalculator: 'LOCATION_ROUTE_CALCULATOR',
  /** The social network's page token, resolved by CloudFormation from a Secrets Manager secret at deploy time (ADR 0244). */
  socialPagesToken: 'SOCIAL_PAGES_TOKEN',
  /** The site's public origin (the deploy setting siteOrigin, its first), for links sent by e-mail (ADR 0213). */
  siteOrigin: 'SITE_ORIGIN',
  /** The sender of e-mails (the deploy setting mailFrom, a verified SES identity; ADR 0213). */
  mailFrom: 'MAIL_FROM',
  /** The delivery page's save-to-file-sharing URL template (the deploy setting fileSharingSaveUrl, ADR 0063). */
  fileSharingSaveUrl: 'FILE_SHARING_SAVE_URL',
  /** Set only locally: endpoints of DynamoDB Local and s3rver. */
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  localMode: 'IMMO_LOCAL',
} as const;
