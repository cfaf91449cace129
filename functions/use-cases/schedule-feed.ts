import { FEED_REFRESH_MINUTES } from '#shared/catalogue/schedule.ts';
import { Role } from '#shared/roles.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { SLOT_HOURS } from '#shared/rules/slots.ts';
import { notFound } from '../plumbing/errors.ts';
import { icsCalendar, type IcsEvent } from '../plumbing/icalendar.ts';
import { feedOwner } from '../storage/calendar-feeds.ts';
import { listingsById } from '../storage/listings.ts';
import { isActive, shootingsOfTechBetween, type StoredShooting } from '../storage/shootings.ts';
import { getUser } from '../storage/users.ts';

/**
 * A technician's iCalendar feed (docs/decisions/0190): every active shooting assigned to them from
 * 60 days back to 365 days ahead, read at each request, so the feed shows the planner as it is.
 * A shooting with a start time is timed from it (to its end time, else one hour: part 2 §9); one
 * without, over its half-day window (AM 8h30-12h30, PM 12h30-17h00, local time).
 */
export const FEED_DAYS = { back: 60, ahead: 365 } as const;
export const FEED_NOT_FOUND = 'This calendar feed does not exist or was revoked.';
const DEFAULT_DURATION_MS = 3600_000;

type Lang = 'fr' | 'en';
type Listing = { address?: unknown; app?: unknown; city?: unknown; postalcode?: unknown; lat?: unknown; lng?: unknown };

const TEXTS = {
  fr: { calendar: 'Captures', shooting: 'Capture', rooms: 'pièces', am: 'AM (8h30-12h30)', pm: 'PM (12h30-17h00)', seasonal: 'Saisonnière', blueHour: 'Heure Bleue', only360: '360 seulement', note: 'Note' },
  en: { calendar: 'Shootings', shooting: 'Shooting', rooms: 'rooms', am: 'AM (8:30-12:30)', pm: 'PM (12:30-17:00)', seasonal: 'Seasonal', blueHour: 'Blue hour', only360: '360 only', note: 'Note' },
} as const;

export async function scheduleFeed(token: string, lang: Lang, now = new Date()): Promise<string> {
  const techId = await feedOwner(token);
  const tech = techId === undefined ? undefined : await getUser(techId);
  // A technician suspended or moved to another role no longer publishes a schedule.
  if (!tech || tech.role !== Role.tech_capture || tech.suspended) throw notFound(FEED_NOT_FOUND);
  const today = localDateOf(now.getTime());
  const shootings = (await shootingsOfTechBetween(tech.id, addDays(today, -FEED_DAYS.back), addDays(today, FEED_DAYS.ahead))).filter((s) => isActive(s) && s.tech_id === tech.id);
  const listings = await listingsById(shootings.map((s) => s.listing_id));
  const texts = TEXTS[lang];
  return icsCalendar({
    name: `Immo Média — ${texts.calendar} — ${tech.firstname} ${tech.lastname}`.trim(),
    refreshMinutes: FEED_REFRESH_MINUTES,
    now,
    events: shootings.map((s) => eventOf(s, listings.get(s.listing_id) ?? {}, texts)),
  });
}

const str = (x: unknown) => (typeof x === 'string' ? x : '');

function eventOf(s: StoredShooting, listing: Listing, texts: (typeof TEXTS)[Lang]): IcsEvent {
  const street = [str(listing.address), str(listing.app) && `#${str(listing.app)}`].filter(Boolean).join(' ');
  const place = [street, str(listing.city), str(listing.postalcode)].filter(Boolean).join(', ');
  const window = s.am ? SLOT_HOURS.am : SLOT_HOURS.pm;
  const timed = s.starttime !== null;
  const lat = s.lat ?? (typeof listing.lat === 'number' ? listing.lat : undefined);
  const lng = s.lng ?? (typeof listing.lng === 'number' ? listing.lng : undefined);
  const description = [
    s.am ? texts.am : texts.pm,
    `${s.room_count} ${texts.rooms}`,
    ...(s.seasonal ? [texts.seasonal] : []),
    ...(s.blue_hour ? [texts.blueHour] : []),
    ...(s.only_360 ? [texts.only360] : []),
    ...(s.note ? [`${texts.note}: ${s.note}`] : []),
    ...(s.tech_note ? [s.tech_note] : []),
  ].join('\n');
  return {
    uid: `shooting-${s.id}@immo-media`,
    sequence: s.version,
    start: timed ? { instant: s.starttime! } : { day: s.scheduleddate, seconds: window.start },
    end: timed ? { instant: s.endtime ?? new Date(Date.parse(s.starttime!) + DEFAULT_DURATION_MS).toISOString() } : { day: s.scheduleddate, seconds: window.end },
    summary: `${texts.shooting} #${s.id} — ${street || place}`,
    location: place,
    description,
    ...(lat !== undefined && lng !== undefined ? { geo: { lat, lng } } : {}),
    status: s.is_confirmed ? 'CONFIRMED' : 'TENTATIVE',
    lastModified: s.updated_at,
  };
}
