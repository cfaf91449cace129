import { Alert, Anchor, Button, Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createUser, FORM_ROLES, putUserData, SUBSCRIPTION_IDS, type UserData } from '#shared/catalogue/users.ts';
import { hasTechnicianFields, Role } from '#shared/roles.ts';
import { pathOf } from '#shared/routes.ts';
import { isApiError, mayCall } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { languageOf } from '../../i18n/format.ts';
import { useSessionUser } from '../session/use-session.ts';
import { serverIssues, shownFields, splitIssues, technicianIssues, type FormIssue } from './form-check.ts';
import { fieldMessageKey, outcomeOfFailure, type Outcome } from './messages.ts';
import { PasswordForm } from './password-form.tsx';
import { userQueries, useCreateUserMutation, usePutUserMutation } from './queries.ts';
import { UserShootings } from './user-shootings.tsx';
import { OutcomeAlert } from '../../app/outcome-alert.tsx';
import { said } from '../../i18n/said.ts';
import { RoleNotice } from '../../app/role-notice.tsx';

/** The form's values as typed: ids as the selects' strings. */
interface Values {
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string;
  role: string;
  password: string;
  confirmation: string;
  gf_clause: boolean;
  enable_threesixty_video: boolean;
  suspended: boolean;
  freelance: boolean;
  notification_email: string[];
  notification_phone_number: string[];
  broker_code: string;
  note_about_broker: string;
  pixel_id: string;
  team_id: string | null;
  franchise_id: string | null;
  depot_id: string | null;
  zone_id: string | null;
  backupZones: string[];
  service_offers: string[];
  shooting_packages: string[];
  subscription_id: string | null;
}

const EMPTY: Values = {
  firstname: '',
  lastname: '',
  email: '',
  phone_number: '',
  role: '',
  password: '',
  confirmation: '',
  gf_clause: false,
  enable_threesixty_video: false,
  suspended: false,
  freelance: false,
  notification_email: [],
  notification_phone_number: [],
  broker_code: '',
  note_about_broker: '',
  pixel_id: '',
  team_id: null,
  franchise_id: null,
  depot_id: null,
  zone_id: null,
  backupZones: [],
  service_offers: [],
  shooting_packages: [],
  subscription_id: null,
};

const idText = (id: number | null) => (id === null ? null : String(id));
const idOf = (text: string | null) => (text ? Number(text) : null);

function valuesOf(u: UserData): Values {
  return {
    ...EMPTY,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    phone_number: u.phone_number ?? '',
    role: String(u.role),
    gf_clause: u.gf_clause,
    enable_threesixty_video: u.enable_threesixty_video,
    suspended: u.suspended,
    freelance: u.freelance,
    notification_email: u.notification_email,
    notification_phone_number: u.notification_phone_number,
    broker_code: u.broker_code ?? '',
    note_about_broker: u.note_about_broker ?? '',
    pixel_id: u.pixel_id ?? '',
    team_id: idText(u.team_id),
    franchise_id: idText(u.franchise_id),
    depot_id: idText(u.depot_id),
    zone_id: idText(u.zone_id),
    backupZones: u.backupZones.map(String),
    service_offers: u.service_offers.map(String),
    shooting_packages: u.shooting_packages.map(String),
    subscription_id: idText(u.subscription_id),
  };
}

/** What the operations take (the schemas trim the strings). */
function inputOf(v: Values) {
  return {
    firstname: v.firstname,
    lastname: v.lastname,
    email: v.email,
    phone_number: v.phone_number,
    role: v.role === '' ? Number.NaN : Number(v.role),
    gf_clause: v.gf_clause,
    enable_threesixty_video: v.enable_threesixty_video,
    suspended: v.suspended,
    freelance: v.freelance,
    notification_email: v.notification_email,
    notification_phone_number: v.notification_phone_number,
    broker_code: v.broker_code,
    note_about_broker: v.note_about_broker,
    pixel_id: v.pixel_id,
    team_id: idOf(v.team_id),
    franchise_id: idOf(v.franchise_id),
    depot_id: idOf(v.depot_id),
    zone_id: idOf(v.zone_id),
    backupZones: v.backupZones.map(Number),
    service_offers: v.service_offers.map(Number),
    shooting_packages: v.shooting_packages.map(Number),
    subscription_id: idOf(v.subscription_id),
  };
}

/** /users/add: the form in create mode (no id); a role that may not create users reads so at once, not a form whose save cannot work. */
export function UserAddPage() {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  if (!mayCall(createUser, role)) return <RoleNotice title={t('route.users_add')} text={t('users.add_not_for_role')} />;
  return <UserForm />;
}

/** /users/edit/{id}: the form in edit mode, the password change and the user's shootings. */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id?: string };
  const user = useQuery(userQueries.one(Number(id)));
  if (user.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (user.isError)
    return (
      <Stack>
        <Title order={1}>{t('route.users_edit')}</Title>
        <Alert color="red" role="alert">
          {isApiError(user.error, 404) ? t('users.not_found') : t('users.load_error')}
        </Alert>
      </Stack>
    );
  return <UserEditor key={user.data.id} user={user.data} />;
}

/**
 * The edit page's forms, which share the version the user form saves from: the one read, then each
 * save's, and one more after a password change made here (that write bumps the version once, from
 * the one it reads). So the form carries on after a password change with what was typed; if
 * someone else saved the user meanwhile, the version kept is still behind and the save answers 409
 * as it should (ADR 0150: no lost update).
 */
function UserEditor({ user }: { user: UserData }) {
  const [version, setVersion] = useState(user.version);
  return (
    <Stack>
      <UserForm user={user} version={version} onSaved={setVersion} />
      <PasswordForm user={user} onChanged={() => setVersion((v) => v + 1)} />
      <UserShootings user={user} />
    </Stack>
  );
}

/**
 * The user form (part 2 §2, §5, §6): required first name, last name, e-mail and role; password and
 * confirmation in create mode; the admin-level fields only for roles 1 and 2; depot, main zone,
 * backup zones, packages, offers and freelance for roles 4 and 5; the subscription for brokers
 * (ADR 0305); broker code, team, franchise, clause and 360 video for roles other than broker. Checked with the operation's input schema.
 */
function UserForm({ user, version, onSaved }: { user?: UserData; version?: number; onSaved?: (version: number) => void }) {
  const { t, i18n } = useTranslation();
  const caller = useSessionUser();
  const adminLevel = mayCall(createUser, caller?.role);
  const [values, setValues] = useState<Values>(user ? valuesOf(user) : EMPTY);
  /** Each field's message, by its catalogue key. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const create = useCreateUserMutation();
  const put = usePutUserMutation();
  const role = Number(values.role);
  const technician = hasTechnicianFields(role);
  const lang = languageOf(i18n.language);

  const teams = useQuery({ ...userQueries.teams(), enabled: adminLevel });
  const depots = useQuery({ ...userQueries.depots(), enabled: adminLevel && technician });
  const zones = useQuery({ ...userQueries.zones(), enabled: adminLevel && technician });
  const offers = useQuery({ ...userQueries.offers(), enabled: adminLevel && technician });
  const packages = useQuery({ ...userQueries.packages(), enabled: adminLevel && technician });

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: '' }));
  };
  const err = (field: keyof Values) => (errors[field] ? t(errors[field]) : undefined);

  // Part 2 §8 'other load errors' as the back-office says them (ADR 0560): a choice list that failed says so.
  const optionsFailed = [teams, depots, zones, offers, packages].some((q) => q.isError);

  /**
   * Shows each issue on its field. Only the fields this caller sees are checked (part 2 §6): an
   * issue on another one cannot be corrected here, so the outcome says so rather than the save
   * doing nothing.
   */
  const showIssues = (issues: readonly FormIssue[]) => {
    const split = splitIssues(issues, shownFields(adminLevel, role, !user));
    setErrors(Object.fromEntries(split.shown.map((issue) => [String(issue.path[0]), fieldMessageKey(issue.message)])));
    if (split.hidden.length) setOutcome({ ok: false, text: said('users.hidden_invalid') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const onError = (error: Error) => {
      setOutcome(outcomeOfFailure(error));
      if (isApiError(error, 400) && error.fields) showIssues(serverIssues(error.fields));
    };
    const input = inputOf(values);
    // §5's technician fields bind whoever sets them: the admin levels (a non-admin's save keeps them as stored, as the server does).
    const technicianProblems = adminLevel ? technicianIssues(input) : [];
    if (user) {
      const parsed = putUserData.input.safeParse({ ...input, id: user.id, version });
      if (!parsed.success || technicianProblems.length) return showIssues([...(parsed.success ? [] : parsed.error.issues), ...technicianProblems]);
      setErrors({});
      put.mutate(parsed.data, {
        onSuccess: (answer) => {
          onSaved?.(answer.data.version);
          setValues(valuesOf(answer.data));
          setOutcome({ ok: true, text: said('users.saved') });
        },
        onError,
      });
    } else {
      const parsed = createUser.input.safeParse({ ...input, password: values.password, confirmation: values.confirmation });
      if (!parsed.success || technicianProblems.length) return showIssues([...(parsed.success ? [] : parsed.error.issues), ...technicianProblems]);
      setErrors({});
      create.mutate(parsed.data, {
        onSuccess: () => {
          setValues(EMPTY);
          setOutcome({ ok: true, text: said('users.created') });
        },
        onError,
      });
    }
  };

  const options = (list: ReadonlyArray<{ id: number; label: string }> | undefined) => (list ?? []).map((o) => ({ value: String(o.id), label: o.label }));
  // A package's English name is display_name_en, a service offer's display_name (part 3 §3).
  const packageNamed = (o: { id: number; key_name: string; display_name_fr: string; display_name_en: string }) => ({ id: o.id, label: (lang === 'fr' ? o.display_name_fr : o.display_name_en) || o.key_name });
  const offerNamed = (o: { id: number; key_name: string; display_name_fr: string; display_name: string }) => ({ id: o.id, label: (lang === 'fr' ? o.display_name_fr : o.display_name) || o.key_name });
  const subscriptionChoices = SUBSCRIPTION_IDS.map((s) => ({ value: String(s), label: t(`users.subscriptions.${s}`) }));
  const roleChoices = FORM_ROLES.map((r) => ({ value: String(r), label: t(`users.role.${r}`) }));
  if (user && !(FORM_ROLES as readonly number[]).includes(user.role)) roleChoices.unshift({ value: String(user.role), label: t(`users.role.${user.role}`) });

  return (
    <Stack maw={860}>
      <Title order={1}>{user ? t('users.edit_title', { title: t('route.users_edit'), name: `${user.firstname} ${user.lastname}` }) : t('route.users_add')}</Title>
      {adminLevel && (
        <Group>
          <Anchor component={Link} to={pathOf('users')}>
            {t('users.back')}
          </Anchor>
        </Group>
      )}
      {optionsFailed && (
        <Alert color="red" role="alert">
          {t('users.options_load_error')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('users.form')}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('users.firstname')} required value={values.firstname} onChange={(e) => set('firstname', e.currentTarget.value)} error={err('firstname')} maxLength={100} />
            <TextInput label={t('users.lastname')} required value={values.lastname} onChange={(e) => set('lastname', e.currentTarget.value)} error={err('lastname')} maxLength={100} />
            <TextInput label={t('users.email')} type="email" required value={values.email} onChange={(e) => set('email', e.currentTarget.value)} error={err('email')} maxLength={320} />
            <TextInput label={t('users.phone')} type="tel" value={values.phone_number} onChange={(e) => set('phone_number', e.currentTarget.value)} error={err('phone_number')} maxLength={40} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TagsInput label={t('users.notification_email')} description={t('users.tags_help')} value={values.notification_email} onChange={(v) => set('notification_email', v)} error={err('notification_email')} maxTags={10} />
            <TagsInput label={t('users.notification_phone')} description={t('users.tags_help')} value={values.notification_phone_number} onChange={(v) => set('notification_phone_number', v)} error={err('notification_phone_number')} maxTags={10} />
          </SimpleGrid>
          <TextInput label={t('users.pixel_id')} description={t('users.pixel_id_help')} value={values.pixel_id} onChange={(e) => set('pixel_id', e.currentTarget.value)} error={err('pixel_id')} maxLength={100} />
          {!user && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('users.password')} type="password" required autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.currentTarget.value)} error={err('password')} maxLength={1024} />
              <TextInput label={t('users.confirmation')} type="password" required autoComplete="new-password" value={values.confirmation} onChange={(e) => set('confirmation', e.currentTarget.value)} error={err('confirmation')} maxLength={1024} />
            </SimpleGrid>
          )}
          {adminLevel && (
            <Stack>
              <Select label={t('users.role_label')} required data={roleChoices} value={values.role || null} onChange={(v) => set('role', v ?? '')} error={err('role')} allowDeselect={false} />
              {technician && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('users.depot')}
                    required
                    searchable
                    data={options(depots.data?.map((d) => ({ id: d.id, label: `${d.civic_number} ${d.street}, ${d.city}`.trim() })))}
                    value={values.depot_id}
                    onChange={(v) => set('depot_id', v)}
                    error={err('depot_id')}
                  />
                  <Select label={t('users.zone')} required searchable data={options(zones.data?.map((z) => ({ id: z.id, label: z.zone_name })))} value={values.zone_id} onChange={(v) => set('zone_id', v)} error={err('zone_id')} />
                  <MultiSelect
                    label={t('users.backup_zones')}
                    searchable
                    data={options(zones.data?.filter((z) => String(z.id) !== values.zone_id).map((z) => ({ id: z.id, label: z.zone_name })))}
                    value={values.backupZones}
                    onChange={(v) => set('backupZones', v)}
                    error={err('backupZones')}
                  />
                  <MultiSelect label={t('users.packages')} required searchable data={options(packages.data?.map(packageNamed))} value={values.shooting_packages} onChange={(v) => set('shooting_packages', v)} error={err('shooting_packages')} />
                  <MultiSelect label={t('users.offers')} required searchable data={options(offers.data?.map(offerNamed))} value={values.service_offers} onChange={(v) => set('service_offers', v)} error={err('service_offers')} />
                  <Checkbox label={t('users.freelance')} checked={values.freelance} onChange={(e) => set('freelance', e.currentTarget.checked)} mt="md" />
                </SimpleGrid>
              )}
              {role === Role.broker && (
                <Select
                  label={t('users.subscription')}
                  description={t('users.subscription_help')}
                  placeholder={t('users.subscription_none')}
                  clearable
                  data={subscriptionChoices}
                  value={values.subscription_id}
                  onChange={(v) => set('subscription_id', v)}
                  error={err('subscription_id')}
                />
              )}
              {role !== Role.broker && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('users.broker_code')} value={values.broker_code} onChange={(e) => set('broker_code', e.currentTarget.value)} error={err('broker_code')} maxLength={40} />
                  <Select label={t('users.team')} clearable searchable data={options(teams.data?.teams.map((o) => ({ id: o.id, label: o.name })))} value={values.team_id} onChange={(v) => set('team_id', v)} error={err('team_id')} />
                  <Select label={t('users.franchise')} clearable searchable data={options(teams.data?.franchises.map((o) => ({ id: o.id, label: o.name })))} value={values.franchise_id} onChange={(v) => set('franchise_id', v)} error={err('franchise_id')} />
                  <Stack gap="xs" mt="md">
                    <Checkbox label={t('users.gf_clause')} checked={values.gf_clause} onChange={(e) => set('gf_clause', e.currentTarget.checked)} />
                    <Checkbox label={t('users.threesixty')} checked={values.enable_threesixty_video} onChange={(e) => set('enable_threesixty_video', e.currentTarget.checked)} />
                  </Stack>
                </SimpleGrid>
              )}
              <Textarea label={t('users.notes')} autosize minRows={2} value={values.note_about_broker} onChange={(e) => set('note_about_broker', e.currentTarget.value)} error={err('note_about_broker')} maxLength={2000} />
              <Checkbox label={t('users.suspended')} checked={values.suspended} onChange={(e) => set('suspended', e.currentTarget.checked)} error={err('suspended')} />
            </Stack>
          )}
          <Group>
            <Button type="submit" loading={create.isPending || put.isPending}>
              {t('users.save')}
            </Button>
          </Group>
          <OutcomeAlert outcome={outcome} />
        </Stack>
      </form>
    </Stack>
  );
}
