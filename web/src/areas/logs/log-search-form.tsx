import { Button, Collapse, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLogSearch, type LogSearchError } from '#shared/logs/search.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { words, type Said } from '../../i18n/said.ts';
import { searchErrorText } from './messages.ts';

const HELP_LINES = ['date', 'du_au', 'method', 'status', 'uid', 'user', 'time', 'logs', 'fields', 'path'] as const;

interface LogSearchFormProps {
  initial: string;
  /** Called with a search the shared parser accepts (the server checks it again). */
  onSearch: (search: string) => void;
  /** Extra check of an accepted search (the charts take days only); a message refuses it. */
  refine?: (text: string) => Said | undefined;
  /** A refusal from the server (400), shown under the box. */
  serverError?: string | undefined;
  /** The results of the search, shown under the box unless it says a refusal. */
  children?: ReactNode;
}

const refusalOf = (error: LogSearchError): Said => ({ compose: (t) => searchErrorText(t, error) });

/**
 * The search box of screen 14 with Go and Help (Enter searches too): the search is parsed before
 * it is sent, and a mistake is said under the box in the page's language. While a refusal shows
 * (the screen's own or the server's), the results are not shown: they answer an earlier search.
 */
export function LogSearchForm({ initial, onSearch, refine, serverError, children }: LogSearchFormProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<Said | undefined>();
  const [helpOpen, help] = useDisclosure(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLogSearch(text, localDateOf(Date.now()));
    const problem = parsed.ok ? refine?.(text) : refusalOf(parsed.error);
    setError(problem);
    if (!problem) onSearch(text.trim());
  };

  const refusal = error ? words(t, i18n.language, error) : serverError;

  return (
    <>
      <Stack gap="xs">
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label={t('logs.search')}
              placeholder={t('logs.search_placeholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={refusal}
              style={{ flex: '1 1 16rem', minWidth: 0 }}
              maxLength={500}
            />
            <Group gap="xs" mt={{ base: 0, xs: 25 }}>
              <Button type="submit">{t('logs.go')}</Button>
              <Button variant="default" onClick={help.toggle} aria-expanded={helpOpen} aria-controls="log-search-help">
                {t('logs.help')}
              </Button>
            </Group>
          </Group>
        </form>
        <Collapse expanded={helpOpen}>
          <Paper id="log-search-help" withBorder p="sm">
            <Title order={2} fz="md" mb="xs">
              {t('logs.help_title')}
            </Title>
            <Text fz="sm" mb="xs">
              {t('logs.help_intro')}
            </Text>
            <List fz="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
              {HELP_LINES.map((line) => (
                <List.Item key={line}>{t(`logs.help_lines.${line}`)}</List.Item>
              ))}
            </List>
          </Paper>
        </Collapse>
      </Stack>
      {refusal === undefined && children}
    </>
  );
}

/** Screen 14 on a load error: the humorous full-panel French message instead of the table or charts. */
export function LoadErrorJoke() {
  const { t } = useTranslation();
  return (
    <Paper role="alert" withBorder p="xl" mih="60vh" style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', textAlign: 'center' }}>
      <Text fz={48} aria-hidden="true">
        ☕
      </Text>
      <Title order={2}>{t('logs.joke_title')}</Title>
      <Text mt="sm" maw="40rem">
        {t('logs.joke')}
      </Text>
    </Paper>
  );
}
