import { Badge, Card, Code, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestLogEntry } from '#shared/catalogue/logs.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';

export const LOG_COLUMNS = ['path', 'method', 'status', 'params', 'query', 'body', 'date', 'time', 'user', 'ip'] as const;
export type LogColumn = (typeof LOG_COLUMNS)[number];

/** Part 3 §9: params, query and body shortened to 30 characters of JSON. */
export const PREVIEW_LENGTH = 30;

/** Part 3 screen 14: 'status 500 rows highlighted red' (other statuses, 503 included, are not). */
const flagged = (status: number) => status === 500;
export function preview(value: unknown): string {
  const json = JSON.stringify(value ?? null) ?? '';
  return json.length > PREVIEW_LENGTH ? `${json.slice(0, PREVIEW_LENGTH)}…` : json;
}

const full = (value: unknown) => JSON.stringify(value ?? null, null, 2);

/** The value a column sorts by. */
export function sortValue(log: RequestLogEntry, column: LogColumn): string | number {
  switch (column) {
    case 'status':
      return log.response_status;
    case 'time':
      return log.request_time;
    case 'date':
      return log.req_date;
    case 'user':
      return log.user?.email ?? '';
    case 'params':
    case 'query':
    case 'body':
      return JSON.stringify(log[column] ?? null);
    default:
      return log[column];
  }
}

interface LogRowsProps {
  logs: readonly RequestLogEntry[];
  sort: LogColumn;
  direction: 'asc' | 'desc';
  onSort: (column: LogColumn) => void;
}

const PHONE_QUERY = '(max-width: 62em)';

/** The log table (a card per request on narrow screens); a click opens the full values and log lines. */
export function LogRows(props: LogRowsProps) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return phone ? <LogCards {...props} open={open} toggle={toggle} /> : <LogTable {...props} open={open} toggle={toggle} />;
}

interface Expandable {
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
}

function LogTable({ logs, sort, direction, onSort, open, toggle }: LogRowsProps & Expandable) {
  const { t, i18n } = useTranslation();
  return (
    <Table withTableBorder highlightOnHover fz="xs" layout="fixed" style={{ wordBreak: 'break-word' }}>
      <Table.Thead>
        <Table.Tr>
          {LOG_COLUMNS.map((column) => (
            <Table.Th key={column} aria-sort={column === sort ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <UnstyledButton onClick={() => onSort(column)} fw={600} fz="xs">
                {t(`logs.col.${column}`)}
                <span aria-hidden="true">{column === sort ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
              </UnstyledButton>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logs.map((log) => {
          const failed = flagged(log.response_status);
          return (
            <Fragment key={log.id}>
              <Table.Tr data-log-id={log.id} data-status={log.response_status} bg={failed ? 'red.1' : undefined} c={failed ? 'red.9' : undefined} onClick={() => toggle(log.id)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <UnstyledButton fz="xs" c="inherit" aria-expanded={open.has(log.id)} onClick={(e) => (e.stopPropagation(), toggle(log.id))} style={{ wordBreak: 'break-all' }}>
                    {log.path}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{log.method}</Table.Td>
                <Table.Td fw={failed ? 700 : undefined}>{log.response_status}</Table.Td>
                <Table.Td ff="monospace">{preview(log.params)}</Table.Td>
                <Table.Td ff="monospace">{preview(log.query)}</Table.Td>
                <Table.Td ff="monospace">{preview(log.body)}</Table.Td>
                <Table.Td>{formatDateTime(log.req_date, i18n.language)}</Table.Td>
                <Table.Td>{t('logs.ms', { value: formatNumber(log.request_time, i18n.language) })}</Table.Td>
                <Table.Td>{log.user ? `${log.user.email} (${log.user.id})` : t('logs.anonymous')}</Table.Td>
                <Table.Td>{log.ip}</Table.Td>
              </Table.Tr>
              {open.has(log.id) && (
                <Table.Tr data-details-of={log.id}>
                  <Table.Td colSpan={LOG_COLUMNS.length}>
                    <LogDetails log={log} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function LogCards({ logs, open, toggle }: LogRowsProps & Expandable) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {logs.map((log) => {
        const failed = flagged(log.response_status);
        return (
          <Card component="li" key={log.id} withBorder padding="xs" data-log-id={log.id} data-status={log.response_status} bg={failed ? 'red.1' : undefined} c={failed ? 'red.9' : undefined}>
            <UnstyledButton c="inherit" aria-expanded={open.has(log.id)} onClick={() => toggle(log.id)} style={{ display: 'block', width: '100%' }}>
              <Group gap={6} wrap="wrap">
                <Badge color={failed ? 'red' : 'gray'} variant={failed ? 'filled' : 'light'}>
                  {log.response_status}
                </Badge>
                <Text fz="sm" fw={600}>
                  {log.method}
                </Text>
                <Text fz="sm" style={{ wordBreak: 'break-all' }}>
                  {log.path}
                </Text>
              </Group>
              <Text fz="xs">
                {formatDateTime(log.req_date, i18n.language)} · {t('logs.ms', { value: formatNumber(log.request_time, i18n.language) })} · {log.user?.email ?? t('logs.anonymous')} · {log.ip}
              </Text>
              <Text fz="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {t('logs.col.params')} {preview(log.params)} · {t('logs.col.query')} {preview(log.query)} · {t('logs.col.body')} {preview(log.body)}
              </Text>
            </UnstyledButton>
            {open.has(log.id) && <LogDetails log={log} />}
          </Card>
        );
      })}
    </Stack>
  );
}

/** The expanded row: full params, query and body, and the log lines. */
function LogDetails({ log }: { log: RequestLogEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} py="xs" aria-label={t('logs.details')} role="group" c="var(--mantine-color-text)">
      {(['params', 'query', 'body'] as const).map((field) => (
        <div key={field}>
          <Text fz="xs" fw={700}>
            {t(`logs.col.${field}`)}
          </Text>
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {full(log[field])}
          </Code>
        </div>
      ))}
      <Text fz="xs" fw={700}>
        {t('logs.logs_lines')}
      </Text>
      {log.logs.length === 0 ? (
        <Text fz="xs">{t('logs.no_lines')}</Text>
      ) : (
        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {log.logs.map((line) => line.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ')).join('\n')}
        </Code>
      )}
    </Stack>
  );
}
