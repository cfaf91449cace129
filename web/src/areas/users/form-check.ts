import { technicianFieldProblems } from '#shared/catalogue/users.ts';
import { hasTechnicianFields, Role } from '#shared/roles.ts';

/** What the user form sees of a schema issue: its field (first path element) and message. */
export interface FormIssue {
  path: PropertyKey[];
  message: string;
}

/** The fields every caller sees (the pixel too: part 2 §6 does not list it as admin level); the password and its confirmation in create mode only. */
const ALWAYS = ['firstname', 'lastname', 'email', 'phone_number', 'notification_email', 'notification_phone_number', 'pixel_id'] as const;
const CREATE = ['password', 'confirmation'] as const;
/** Admin level only (part 2 §6), whatever the role edited. */
const ADMIN = ['role', 'note_about_broker', 'suspended'] as const;
/** Admin level, roles 4 and 5 (§6). */
const TECHNICIAN = ['depot_id', 'zone_id', 'backupZones', 'shooting_packages', 'service_offers', 'freelance'] as const;
/** Admin level, roles other than broker (§6, read literally: ADR 0150). */
const NOT_BROKER = ['broker_code', 'team_id', 'franchise_id', 'gf_clause', 'enable_threesixty_video'] as const;
/** Admin level, brokers (ADR 0305). */
const BROKER = ['subscription_id'] as const;

/**
 * The fields the user form shows: the same rules as the screen (part 2 §6). `role` is the role
 * chosen in the form (NaN before a choice).
 */
export function shownFields(adminLevel: boolean, role: number, creating: boolean): ReadonlySet<string> {
  return new Set<string>([
    ...ALWAYS,
    ...(creating ? CREATE : []),
    ...(adminLevel ? [...ADMIN, ...(hasTechnicianFields(role) ? TECHNICIAN : []), ...(role === Role.broker ? BROKER : NOT_BROKER)] : []),
  ]);
}

/** The technician fields' problems as schema issues (§5), for an admin-level save: the put schema leaves them to the caller's level. */
export function technicianIssues(v: Parameters<typeof technicianFieldProblems>[0]): FormIssue[] {
  return technicianFieldProblems(v).map((p) => ({ path: [p.path], message: p.message }));
}

/**
 * The server's field errors (a 400's `fields`) as issues on the form's fields, each field's first
 * message. A list field's entry is named by the field and its index ('notification_phone_number.1'):
 * its error goes on the field ('notification_phone_number'), the index after it in the path.
 */
export function serverIssues(fields: Readonly<Record<string, readonly string[]>>): FormIssue[] {
  return Object.entries(fields).map(([key, messages]) => {
    const entry = /^(.+)\.(\d+)$/.exec(key);
    return { path: entry ? [entry[1] as string, Number(entry[2])] : [key], message: messages[0] ?? '' };
  });
}

/**
 * The issues of a save split by what the caller sees: `shown` go on their fields; `hidden` are on
 * fields the form does not show this caller, so no field can say them (the screen says it in its
 * outcome instead of refusing the save silently). A field's first issue only.
 */
export function splitIssues(issues: readonly FormIssue[], shown: ReadonlySet<string>): { shown: FormIssue[]; hidden: FormIssue[] } {
  const seen = new Set<string>();
  const out = { shown: [] as FormIssue[], hidden: [] as FormIssue[] };
  for (const issue of issues) {
    const field = String(issue.path[0]);
    if (seen.has(field)) continue;
    seen.add(field);
    (shown.has(field) ? out.shown : out.hidden).push(issue);
  }
  return out;
}
