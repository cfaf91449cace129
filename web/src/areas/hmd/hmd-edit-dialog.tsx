import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { editHmd, type HmdUser, type HmdView } from '#shared/catalogue/hmd.ts';
import { HmdUserPicker } from './hmd-user-picker.tsx';

export interface HmdEdit {
  user_id: number | null;
  notes: string;
  city: string | null;
  postalcode: string | null;
}

/**
 * The edit dialog of a headset (part 2 §2 "edit (assign user, notes)"): the assigned user, picked
 * through the users search, and the notes; city and postal code too (docs/decisions/0130).
 */
export function HmdEditDialog({ hmd, busy, onSave, onClose }: { hmd: HmdView; busy: boolean; onSave: (edit: HmdEdit) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<HmdUser | null>(hmd.user);
  const [notes, setNotes] = useState(hmd.notes);
  const [city, setCity] = useState(hmd.city ?? '');
  const [postalcode, setPostalcode] = useState(hmd.postalcode ?? '');

  const edit: HmdEdit = { user_id: user?.id ?? null, notes, city: city.trim() || null, postalcode: postalcode.trim() || null };
  // The operation's own schema decides whether the form may be sent.
  const sendable = editHmd.input.safeParse({ id: hmd.id, version: hmd.version, ...edit }).success;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sendable) onSave(edit);
  };

  return (
    <Modal opened onClose={onClose} title={t('hmd.edit_title', { serial: hmd.serial_number })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <HmdUserPicker user={user} onChange={setUser} />
          <Textarea label={t('hmd.notes')} autosize minRows={3} maxRows={8} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          <Group grow align="flex-start">
            <TextInput label={t('hmd.city')} maxLength={100} value={city} onChange={(e) => setCity(e.currentTarget.value)} />
            <TextInput label={t('hmd.postalcode')} maxLength={10} value={postalcode} onChange={(e) => setPostalcode(e.currentTarget.value)} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('hmd.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!sendable}>
              {t('hmd.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
