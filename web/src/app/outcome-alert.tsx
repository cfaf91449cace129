import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { words, type Said } from '../i18n/said.ts';

/** What a form's last send came to: what to say, in green when it succeeded and red when it failed. */
export interface Outcome {
  ok: boolean;
  text: Said;
}

/** A form's outcome under its button (part 2 §8: success texts in green, failures in red); nothing before the first send. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  const { t, i18n } = useTranslation();
  if (!outcome) return null;
  return (
    <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
      {words(t, i18n.language, outcome.text)}
    </Alert>
  );
}
