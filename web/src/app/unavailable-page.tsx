import type { ReactNode } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';

/**
 * A public page whose subject cannot be shown (an unknown link, or a load that failed): a page of its
 * own that says what happened and what to do, with a retry when trying again can help.
 */
export function UnavailablePage({ title, text, retry, children }: { title: string; text: string; retry?: { label: string; onClick: () => void }; children?: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{title}</Title>
        <Text>{text}</Text>
        <Group>
          {retry && <Button onClick={retry.onClick}>{retry.label}</Button>}
          {children}
        </Group>
      </Stack>
    </Container>
  );
}
