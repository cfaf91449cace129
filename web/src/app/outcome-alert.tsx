import { Alert } from '@mantine/core';

/** What a form's last send came to: its text, in green when it succeeded and red when it failed. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** A form's outcome under its button (part 2 §8: success texts in green, failures in red); nothing before the first send. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Alert>
  );
}
