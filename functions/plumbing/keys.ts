/**
 * Every key of the single table is composed here and nowhere else.
 * docs/data-model.md lists which access pattern each key and index serves.
 */
export const keys = {
  user: (id: number) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  /** Unique e-mail guard and login lookup: e-mail → user id. */
  userEmail: (email: string) => ({ pk: `EMAIL#${normalizeEmail(email)}`, sk: 'EMAIL' }),
  /** gsi1: users by role, ordered by last name. */
  userByRole: (role: number, lastname: string, id: number) => ({
    gsi1pk: keys.usersOfRole(role),
    gsi1sk: `${lastname.toLowerCase()}#${id}`,
  }),
  /** gsi1 partition of the users of a role (userByRole). */
  usersOfRole: (role: number) => `ROLE#${role}`,
  /** Sessions are keyed by the SHA-256 of the token; the token itself is never stored. */
  session: (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  /** gsi1: sessions of a user (to revoke them all at password change). */
  sessionByUser: (userId: number, createdAt: string) => ({ gsi1pk: `USER#${userId}#SESSIONS`, gsi1sk: createdAt }),
  sessionsOfUser: (userId: number) => `USER#${userId}#SESSIONS`,
  /** One item per failed login, sorted by time (ms, zero-padded), for the sliding window. */
  loginFailure: (email: string, atMs: number, id: string) => ({
    pk: `LOGINFAIL#${normalizeEmail(email)}`,
    sk: `${String(atMs).padStart(15, '0')}#${id}`,
  }),
  loginLock: (email: string) => ({ pk: `LOGINLOCK#${normalizeEmail(email)}`, sk: 'LOCK' }),
  /** A fixed-window rate counter: one item per (scope, subject, window start in ms), `ttl` at the window's end. */
  rateWindow: (scope: string, subject: string, windowStartMs: number) => ({ pk: `RATE#${scope}#${subject}`, sk: String(windowStartMs).padStart(15, '0') }),
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),
  /**
   * Request logs (ADR 0230): partitioned by UTC hour (`2026-11-22T14`), sorted by time; gsi1 by
   * user; gsi5 by hour and status. Every partition key starts with REQLOG# (the one write prefix a
   * read-only operation is granted).
   */
  requestLog: (date: Date, requestId: string) => ({
    pk: keys.requestLogsOfHour(date.toISOString().slice(0, 13)),
    sk: `${date.toISOString()}#${requestId}`,
  }),
  requestLogsOfHour: (hour: string) => `REQLOG#${hour}`,
  requestLogByUser: (userId: number, date: Date) => ({ gsi1pk: keys.requestLogsOfUser(userId), gsi1sk: date.toISOString() }),
  requestLogsOfUser: (userId: number) => `REQLOGUSER#${userId}`,
  requestLogByStatus: (date: Date, status: number, requestId: string) => ({
    gsi5pk: keys.requestLogsOfHourStatus(date.toISOString().slice(0, 13), status),
    gsi5sk: `${date.toISOString()}#${requestId}`,
  }),
  requestLogsOfHourStatus: (hour: string, status: number) => `REQLOG#${hour}#${status}`,
  /** The counters of one Quebec day (requests, per status, distinct users), kept by atomic ADDs. */
  requestStats: (day: string) => ({ pk: `REQLOG#STATS#${day}`, sk: 'DAY' }),
  /** One marker per user and Quebec day: its first request counts the user once. */
  requestStatsUser: (day: string, userId: number) => ({ pk: `REQLOG#STATS#${day}`, sk: `USER#${userId}` }),
  /** One marker per ingested batch and Quebec day: a batch delivered again is not counted again (ADR 0485). */
  requestStatsBatch: (day: string, batchId: string) => ({ pk: `REQLOG#STATS#${day}`, sk: `BATCH#${batchId}` }),

  /** App releases (ADR 0232): one partition per app, a release per numeric id, a guard per version. */
  release: (app: string, id: number) => ({ pk: keys.releasesOfApp(app), sk: `RELEASE#${pad(id)}` }),
  releaseVersion: (app: string, version: string) => ({ pk: keys.releasesOfApp(app), sk: `VERSION#${version}` }),
  releasesOfApp: (app: string) => `APP#${app}#RELEASES`,
  releasesPrefix: 'RELEASE#',

  listing: (id: number) => ({ pk: `LISTING#${id}`, sk: 'LISTING' }),
  /** gsi1: a broker's listings, newest update first; gsi3: every listing (staff lists). */
  listingIndexes: (brokerId: number, updatedAt: string, id: number) => ({
    gsi1pk: `BROKER#${brokerId}#LISTINGS`,
    gsi1sk: `${updatedAt}#${pad(id)}`,
    gsi3pk: 'LISTINGS',
    gsi3sk: `${updatedAt}#${pad(id)}`,
  }),
  listingsOfBroker: (brokerId: number) => `BROKER#${brokerId}#LISTINGS`,
  /** The listing a broker's booking created at an address (its digest), so two bookings at once make one (ADR 0650). */
  listingAddress: (brokerId: number, addressKey: string) => ({ pk: `BROKER#${brokerId}#ADDRESSES`, sk: addressKey }),
  allListings: 'LISTINGS',
  /** gsi2: the public delivery page's token → listing. */
  listingByToken: (token: string) => ({ gsi2pk: `DELIVERYTOKEN#${token}`, gsi2sk: 'LISTING' }),
  /**
   * Listing search (docs/decisions/0200): one item per word of a listing, in its partition; gsi2 by
   * the word's first 3 characters (the whole word when shorter), then the word and the listing id.
   */
  listingSearchToken: (listingId: number, word: string) => ({
    pk: `LISTING#${listingId}`,
    sk: `SEARCH#${word}`,
    gsi2pk: keys.listingSearchBucket(word),
    gsi2sk: `${word}#${pad(listingId)}`,
  }),
  listingSearchBucket: (word: string) => `LSEARCH#${word.slice(0, 3)}`,
  listingSearchPrefix: 'SEARCH#',
  /**
   * Listing search (docs/decisions/0300): one item per word and block of LISTING_SEARCH_BLOCK listing
   * ids, holding one small entry per listing of the block that has the word (attribute
   * `listingSearchEntry(id)`); gsi2 by the word's first 3 characters, then the word and the block.
   */
  listingSearchBlock: (word: string, listingId: number) => {
    const block = pad(Math.floor(listingId / LISTING_SEARCH_BLOCK), 6);
    return { pk: `LWORD#${word}`, sk: `BLOCK#${block}`, gsi2pk: keys.listingWordBucket(word), gsi2sk: `${word}#${block}` };
  },
  listingWordBucket: (word: string) => `LWORDS#${word.slice(0, 3)}`,
  listingSearchEntry: (listingId: number) => `e${listingId}`,
  /** The ids of one '@all' block's listings (number set `ids`), apart from the block so that the total of the listings reads a few bytes per listing (ADR 0440). */
  listingIdSet: (listingId: number) => ({ pk: keys.listingIdSets, sk: `BLOCK#${pad(Math.floor(listingId / LISTING_SEARCH_BLOCK), 6)}` }),
  listingIdSets: 'LISTINGIDS',
  /** The words (and entry) a listing is indexed under now: what the next change removes or replaces. */
  listingSearchWords: (listingId: number) => ({ pk: `LISTING#${listingId}`, sk: 'SEARCHWORDS' }),
  /** Present once the table's listing search entries carry their rows (ADR 0345; local upgrade). */
  listingSearchVersion: { pk: 'LISTINGSEARCH', sk: 'V3' },
  /** Present once every '@all' block's ids are in its id set (ADR 0440; local upgrade). */
  listingSearchVersionIds: { pk: 'LISTINGSEARCH', sk: 'V4' },
  /** Present once every listing has its '@nomls' (no MLS number) and month ('@dt2026-11') entries (ADR 0450; local upgrade). */
  listingSearchVersionCommands: { pk: 'LISTINGSEARCH', sk: 'V5' },
  /** Present once the table's listing search index is in the block form of ADR 0300 (older tables hold token items). */
  listingSearchVersionBlocks: { pk: 'LISTINGSEARCH', sk: 'V2' },
  /** The listing search index clock (ADR 0365): `n` grows by 1 after every index change's block writes, `at` is when (ms). */
  listingSearchClock: { pk: 'LISTINGSEARCH', sk: 'CLOCK' },
  /** Virtual-visit statistics of a listing (docs/decisions/0201): running totals, one item per day (gsi1 by day), sessions and visitors. */
  visitTotals: (listingId: number) => ({ pk: `VISITS#${listingId}`, sk: 'TOTAL' }),
  /** The ids of the listings of a block of LISTING_SEARCH_BLOCK ids that have visit totals (a number set; ADR 0345). */
  visitedListings: (listingId: number) => ({ pk: 'VISITED', sk: `BLOCK#${pad(Math.floor(listingId / LISTING_SEARCH_BLOCK), 6)}` }),
  /** Present once the table's visited-listing sets hold every listing with visit totals (local upgrade, ADR 0345). */
  visitedListingsVersion: { pk: 'VISITED', sk: 'VERSION' },
  visitDay: (listingId: number, date: string) => ({ pk: `VISITS#${listingId}`, sk: `DAY#${date}`, gsi1pk: `VISITDAY#${date}`, gsi1sk: pad(listingId) }),
  visitDaysOf: (listingId: number) => `VISITS#${listingId}`,
  visitDayPrefix: 'DAY#',
  listingsVisitedOn: (date: string) => `VISITDAY#${date}`,
  /** A listing's visits of a calendar month (the sum of its days; gsi1 by month, the report's long ranges, ADR 0695). */
  visitMonth: (listingId: number, month: string) => ({ pk: `VISITS#${listingId}`, sk: `MONTH#${month}`, gsi1pk: `VISITMONTH#${month}`, gsi1sk: pad(listingId) }),
  listingsVisitedIn: (month: string) => `VISITMONTH#${month}`,
  /** Present once the table's listings have their month items for every visited day (local upgrade, ADR 0695). */
  visitMonthsVersion: { pk: 'VISITED', sk: 'MONTHS' },
  /** Every listing's visits of a day together (the report's visitors per date). */
  visitAllDay: (date: string) => ({ pk: 'VISITS#ALL', sk: `DAY#${date}` }),
  visitAllDays: 'VISITS#ALL',
  /** A session's running totals (what a later report of the same session adds to). Ids are hashed. */
  visitSession: (listingId: number, sessionHash: string) => ({ pk: `VISITS#${listingId}`, sk: `SESSION#${sessionHash}` }),
  /** A visitor seen on a day (unique visitors per day) and a visitor's session count (recurring visits). */
  visitorDay: (listingId: number, date: string, visitorHash: string) => ({ pk: `VISITS#${listingId}`, sk: `VISITOR#${date}#${visitorHash}` }),
  visitor: (listingId: number, visitorHash: string) => ({ pk: `VISITS#${listingId}`, sk: `VISITOR#${visitorHash}` }),

  /** Pictures live in their listing's partition, ordered by shooting then index. */
  picture: (listingId: number, shootingId: number, index: number) => ({
    pk: `LISTING#${listingId}`,
    sk: `PICTURE#${pad(shootingId)}#${pad(index, 5)}`,
  }),
  picturesPrefix: 'PICTURE#',
  /** A listing's slideshow guard: its version changes with every addition to the slideshow (ADR 0700). */
  slideshowGuard: (listingId: number) => ({ pk: `LISTING#${listingId}`, sk: 'SLIDESHOW' }),
  /** Floorplan rooms (docs/decisions/0275) live in their listing's partition, one item per room. */
  floorplanRoom: (listingId: number, roomId: number) => ({ pk: `LISTING#${listingId}`, sk: `FLOORPLAN#${pad(roomId)}` }),
  floorplanPrefix: 'FLOORPLAN#',
  /**
   * The review queue (part 3 screen 4; docs/decisions/0210): one pointer item per listing that has
   * pictures, in one item collection, naming the listing's shootings. Written with the pictures.
   */
  reviewEntry: (listingId: number) => ({ pk: 'REVIEWQUEUE', sk: `LISTING#${pad(listingId)}` }),
  reviewQueuePartition: 'REVIEWQUEUE',

  shooting: (id: number) => ({ pk: `SHOOTING#${id}`, sk: 'SHOOTING' }),
  /** A booking request the caller numbered (its request_id): the shooting it made, `ttl` a day later (ADR 0585). */
  bookingRequest: (userId: number, requestId: string) => ({ pk: `USER#${userId}#BOOKREQ`, sk: requestId }),
  /** gsi1: a broker's shootings by date; gsi2: the shootings of a day; gsi3: a technician's shootings by date; gsi6: a listing's shootings by date (ADR 0685). */
  shootingIndexes: (s: { id: number; broker_id: number; listing_id: number; scheduleddate: string; tech_id: number | null }) => ({
    gsi1pk: `BROKER#${s.broker_id}#SHOOTINGS`,
    gsi1sk: `${s.scheduleddate}#${pad(s.id)}`,
    gsi2pk: `DAY#${s.scheduleddate}`,
    gsi2sk: pad(s.id),
    ...(s.tech_id ? keys.shootingTechIndex(s.tech_id, s.scheduleddate, s.id) : {}),
    gsi6pk: keys.shootingsOfListing(s.listing_id),
    gsi6sk: `${s.scheduleddate}#${pad(s.id)}`,
  }),
  shootingTechIndex: (techId: number, date: string, id: number) => ({ gsi3pk: `TECH#${techId}#SHOOTINGS`, gsi3sk: `${date}#${pad(id)}` }),
  shootingsOfBroker: (brokerId: number) => `BROKER#${brokerId}#SHOOTINGS`,
  shootingsOfListing: (listingId: number) => `LISTING#${listingId}#SHOOTINGS`,
  /** Marks a table whose shootings all carry their listing index (gsi6, ADR 0685). */
  shootingListingIndexVersion: { pk: 'SHOOTINGINDEX', sk: 'LISTING' },
  shootingsOfDay: (date: string) => `DAY#${date}`,
  shootingsOfTech: (techId: number) => `TECH#${techId}#SHOOTINGS`,
  /** A half-day's booking guard: its version changes with every booking into that half-day. */
  halfDay: (date: string, am: boolean) => ({ pk: `HALFDAY#${date}#${am ? 'AM' : 'PM'}`, sk: 'HALFDAY' }),

  ticket: (id: number) => ({ pk: `TICKET#${id}`, sk: 'TICKET' }),
  followup: (ticketId: number, createdAt: string, id: string) => ({ pk: `TICKET#${ticketId}`, sk: `FOLLOWUP#${createdAt}#${id}` }),
  followupsPrefix: 'FOLLOWUP#',
  /** gsi1: a user's tickets; gsi2: every ticket (admin levels). Both newest first by created_at. */
  ticketIndexes: (creatorId: number, createdAt: string, id: number) => ({
    gsi1pk: `USER#${creatorId}#TICKETS`,
    gsi1sk: `${createdAt}#${pad(id)}`,
    gsi2pk: 'TICKETS',
    gsi2sk: `${createdAt}#${pad(id)}`,
  }),
  ticketsOfUser: (userId: number) => `USER#${userId}#TICKETS`,
  allTickets: 'TICKETS',
  /** gsi3, sparse: a ticket while it is open (ADR 0690). */
  openTicketIndex: (createdAt: string, id: number) => ({ gsi3pk: 'OPENTICKETS', gsi3sk: `${createdAt}#${pad(id)}` }),
  openTickets: 'OPENTICKETS',
  /** Marks a table whose open tickets all carry the open-ticket index. */
  openTicketIndexVersion: { pk: 'TICKETINDEX', sk: 'OPEN' },

  /**
   * Zones live in one item collection, read with one consistent Query: a saved zone is in the
   * planning engine's next read at once (no index lag; docs/decisions/0140).
   */
  zone: (id: number) => ({ pk: 'ZONES', sk: `ZONE#${pad(id)}` }),
  zonesPartition: 'ZONES',
  zonePrefix: 'ZONE#',
  /** Broker offices of the zone map (part 2 §3 "Broker office"): one item collection, like zones. */
  brokerOffice: (id: number) => ({ pk: 'BROKEROFFICES', sk: `OFFICE#${pad(id)}` }),
  brokerOfficesPartition: 'BROKEROFFICES',
  brokerOfficePrefix: 'OFFICE#',

  /** Sort-key prefix of one shooting's pictures inside its listing's partition. */
  picturesOfShooting: (shootingId: number) => `PICTURE#${pad(shootingId)}#`,
  /**
   * A post-production technician's shootings (the shooting's gsi3 serves the capture tech only):
   * one pointer item per (pp tech, shooting), written with the shooting's pp_tech_id.
   */
  ppTechShooting: (ppTechId: number, scheduleddate: string, shootingId: number) => ({
    pk: `PPTECH#${ppTechId}#SHOOTINGS`,
    sk: `${scheduleddate}#${pad(shootingId)}`,
  }),
  shootingsOfPpTech: (ppTechId: number) => `PPTECH#${ppTechId}#SHOOTINGS`,
  /**
   * A technician's unavailability, in the user's partition, sorted by its END instant (ISO), so
   * "unavailabilities still running after X" is one key range (availability, calendar).
   */
  unavailability: (userId: number, end: string, id: string) => ({ pk: `USER#${userId}`, sk: `UNAVAIL#${end}#${id}` }),
  unavailabilitiesPrefix: 'UNAVAIL#',
  /** gsi2: an unavailability by its id alone (the calendar's removeUnavailability takes only the id). */
  unavailabilityIndex: (id: string) => ({ gsi2pk: `UNAVAIL#${id}`, gsi2sk: 'UNAVAIL' }),
  unavailabilityById: (id: string) => `UNAVAIL#${id}`,
  /**
   * A technician's availability for one business day (whole day), in the user's partition, sorted
   * by date: a technician takes shootings on a day only when it exists (docs/decisions/0155).
   */
  availability: (userId: number, date: string) => ({ pk: `USER#${userId}`, sk: `AVAIL#${date}` }),
  availabilitiesPrefix: 'AVAIL#',
  /** A technician's day lock: one item per (day, technician); a Query on `LOCK#<day>` gives the day's locks. */
  dayLock: (date: string, techId: number) => ({ pk: `LOCK#${date}`, sk: `TECH#${techId}` }),
  /** A technician's iCalendar feed, by the SHA-256 of its secret token (the token itself is never stored). */
  calendarFeed: (tokenHash: string) => ({ pk: `CALFEED#${tokenHash}`, sk: 'CALFEED' }),
  /** The technician's current feed (its token hash), so a new one replaces it and a revoke finds it. */
  calendarFeedOfUser: (userId: number) => ({ pk: `CALFEEDUSER#${userId}`, sk: 'CALFEED' }),
  locksOfDay: (date: string) => `LOCK#${date}`,
  /** Depots (a technician's start point); gsi1: every depot. */
  depot: (id: number) => ({ pk: `DEPOT#${id}`, sk: 'DEPOT' }),
  depotIndex: (id: number) => ({ gsi1pk: 'DEPOTS', gsi1sk: pad(id) }),
  allDepots: 'DEPOTS',
  /**
   * VR headsets (docs/decisions/0130). gsi1: every headset by serial number; gsi2 (only while
   * assigned): a user's headsets. The serial guard makes serial numbers unique (case ignored).
   */
  hmd: (id: number) => ({ pk: `HMD#${id}`, sk: 'HMD' }),
  hmdSerial: (serial: string) => ({ pk: `HMDSERIAL#${normalizeSerial(serial)}`, sk: 'HMDSERIAL' }),
  hmdIndexes: (h: { id: number; serial_number: string; user_id: number | null }) => ({
    gsi1pk: keys.allHmds,
    gsi1sk: `${normalizeSerial(h.serial_number)}#${pad(h.id)}`,
    ...(h.user_id ? { gsi2pk: keys.hmdsOfUser(h.user_id), gsi2sk: `${normalizeSerial(h.serial_number)}#${pad(h.id)}` } : {}),
  }),
  allHmds: 'HMDS',
  hmdsOfUser: (userId: number) => `USER#${userId}#HMDS`,
  /** Catalogue (part 3 §3): service offers and shooting packages; gsi1 lists each kind. */
  serviceOffer: (id: number) => ({ pk: `OFFER#${id}`, sk: 'OFFER' }),
  serviceOfferIndex: (id: number) => ({ gsi1pk: 'OFFERS', gsi1sk: pad(id) }),
  allServiceOffers: 'OFFERS',
  /** Unique key_name guard of a service offer (case-insensitive): key name → offer id. */
  serviceOfferKeyName: (keyName: string) => ({ pk: `OFFERKEY#${keyName.trim().toLowerCase()}`, sk: 'OFFERKEY' }),
  shootingPackage: (id: number) => ({ pk: `PACKAGE#${id}`, sk: 'PACKAGE' }),
  shootingPackageIndex: (id: number) => ({ gsi1pk: 'PACKAGES', gsi1sk: pad(id) }),
  allShootingPackages: 'PACKAGES',
  /** Unique key_name guard of a shooting package (case-insensitive): key name → package id. */
  shootingPackageKeyName: (keyName: string) => ({ pk: `PACKAGEKEY#${keyName.trim().toLowerCase()}`, sk: 'PACKAGEKEY' }),
  /** Broker teams and franchises (part 2 §3 "Team / franchise"): one item collection, read with one Query. */
  brokerTeam: (id: number) => ({ pk: 'BROKERTEAMS', sk: `TEAM#${pad(id)}` }),
  franchise: (id: number) => ({ pk: 'BROKERTEAMS', sk: `FRANCHISE#${pad(id)}` }),
  brokerTeamsPartition: 'BROKERTEAMS',
  /** Business settings the staff may change (planning: km-rate reading, commissions). */
  settings: (name: string) => ({ pk: `SETTINGS#${name}`, sk: 'SETTINGS' }),
  /** Remote injection: one multipart upload session (owner, S3 upload id, object key, part size and count). */
  rijUpload: (id: string) => ({ pk: `RIJUPLOAD#${id}`, sk: 'UPLOAD' }),
  /** A stored part of an upload, in its partition, ordered by part number (s3rver has no ListParts). */
  rijPart: (uploadId: string, partNumber: number) => ({ pk: `RIJUPLOAD#${uploadId}`, sk: `PART#${pad(partNumber, 5)}` }),
  rijUploadPartition: (id: string) => `RIJUPLOAD#${id}`,
  rijPartsPrefix: 'PART#',
  /** The caller's unfinished upload of one file (name, size, last-modified): how a reload finds it again. */
  rijOpenUpload: (userId: number, name: string, size: number, lastModified: number) => ({ pk: `USER#${userId}#RIJOPEN`, sk: `${name}#${size}#${lastModified}` }),
  /** Bytes a user was allowed to send on one day (the daily injector quota), `ttl` two days later. */
  rijQuota: (userId: number, date: string) => ({ pk: `USER#${userId}#RIJQUOTA`, sk: date }),
  /** SD-card state records of a day, by user then card then state. */
  sdCardState: (date: string, userId: number, sdCard: string, state: string) => ({ pk: `RIJSTATE#${date}`, sk: `${pad(userId)}#${sdCard}#${state}` }),
  sdCardStatesOfDay: (date: string) => `RIJSTATE#${date}`,
  sdCardStatesOfUser: (userId: number) => `${pad(userId)}#`,
  /**
   * Listing-data provider records (docs/decisions/0220): every import writes a new generation
   * `gen`, read only once the state item names it. Brokers and listings are spread over
   * PROVIDER_SHARDS partitions (bulk writes, and a generation's items can be listed to delete them).
   */
  providerState: { pk: 'PROVIDER', sk: 'STATE' },
  providerImport: (startedAt: string, id: string) => ({ pk: 'PROVIDER#IMPORTS', sk: `${startedAt}#${id}` }),
  providerImports: 'PROVIDER#IMPORTS',
  providerBanners: (gen: string) => `PROV#${gen}#BANNERS`,
  providerFranchises: (gen: string) => `PROV#${gen}#FRANCHISES`,
  providerFranchise: (gen: string, bannerCode: string, code: string) => ({ pk: `PROV#${gen}#FRANCHISES`, sk: `${bannerCode}#${code}` }),
  providerBanner: (gen: string, code: string) => ({ pk: `PROV#${gen}#BANNERS`, sk: code }),
  providerBrokerShard: (gen: string, shard: number) => `PROV#${gen}#BROKERS#${shard}`,
  providerBroker: (gen: string, code: string) => ({ pk: keys.providerBrokerShard(gen, shardOf(code)), sk: code }),
  providerListingShard: (gen: string, shard: number) => `PROV#${gen}#LISTINGS#${shard}`,
  providerListing: (gen: string, mls: string) => ({ pk: keys.providerListingShard(gen, shardOf(mls)), sk: mls }),
  /** gsi6: provider listings of one street of a municipality (normalized keys), by civic number, unit, MLS. */
  providerListingAddress: (gen: string, a: { municipality: string; street: string; civic: string; unit: string }, mls: string) => ({
    gsi6pk: keys.providerStreet(gen, a),
    gsi6sk: `${a.civic}#${a.unit}#${mls}`,
  }),
  providerStreet: (gen: string, a: { municipality: string; street: string }) => `PROVADDR#${gen}#${a.municipality}#${a.street}`,
  /** The broker codes of one report scope ('ALL' or 'B#<banner>') in one column's order, computed at import. */
  providerOrders: (gen: string) => `PROV#${gen}#ORDERS`,
  providerOrder: (gen: string, scope: string, column: string) => ({ pk: `PROV#${gen}#ORDERS`, sk: `${scope}#${column}` }),
  /** One stored page of a scope's report rows in one column's ascending order (ADR 0480), spread over the shards. */
  providerPageShard: (gen: string, shard: number) => `PROV#${gen}#PAGES#${shard}`,
  providerPage: (gen: string, scope: string, column: string, index: number) => {
    const sk = `${scope}#${column}#${pad(index)}`;
    return { pk: keys.providerPageShard(gen, shardOf(sk)), sk };
  },
  /**
   * Automated videos (part 3 §3 "Video", "Video job"; ADR 0240): a video is its job. gsi1: a listing's
   * videos; gsi2: every job (the monitor), both by request time.
   */
  video: (id: number) => ({ pk: `VIDEO#${id}`, sk: 'VIDEO' }),
  videoIndexes: (listingId: number, requestedAt: string, id: number) => ({
    gsi1pk: keys.videosOfListing(listingId),
    gsi1sk: `${requestedAt}#${pad(id)}`,
    gsi2pk: keys.allVideoJobs,
    gsi2sk: `${requestedAt}#${pad(id)}`,
  }),
  videosOfListing: (listingId: number) => `LISTING#${listingId}#VIDEOS`,
  allVideoJobs: 'VIDEOJOBS',
  /** The run lock of one listing + template: two jobs for them never render at once. */
  videoLock: (listingId: number, templateId: number) => ({ pk: `VIDEOLOCK#${listingId}#${templateId}`, sk: 'LOCK' }),
  /** A social page's link guard: page id → the broker it is linked to (one broker per page). */
  socialPageLink: (pageId: string) => ({ pk: `SOCIALPAGE#${pageId}`, sk: 'LINK' }),
} as const;

/** Partitions per provider record kind (brokers, listings). */
export const PROVIDER_SHARDS = 16;

/** A stable shard of a code (FNV-1a). */
function shardOf(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return (h >>> 0) % PROVIDER_SHARDS;
}

/** Listing ids per listing-search block item (ADR 0300). */
export const LISTING_SEARCH_BLOCK = 500;

/** Zero-padded numbers sort as strings. */
function pad(n: number, width = 10): string {
  return String(n).padStart(width, '0');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Serial numbers compare without case and surrounding spaces. */
export function normalizeSerial(serial: string): string {
  return serial.trim().toUpperCase();
}
