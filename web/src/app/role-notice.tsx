import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A screen the caller's role may reach (its route is open to any logged-in user, ADR 0004) but whose
 * operation it may not call: the screen's title and a notice saying so, instead of a form that could
 * only end in a refusal. `children`: what follows the notice (a way back).
 */
export function RoleNotice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Stack maw={640} align="flex-start">
      <Title order={1}>{title}</Title>
      <Alert color="gray" role="status" w="100%">
        {text}
      </Alert>
      {children}
    </Stack>
  );
}
