import { Alert, Anchor, Button, Group, NativeSelect, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_PROBLEM_TYPES, TicketUrgency, type TicketProblemType } from '#shared/enums.ts';
import { TICKET_LIMITS } from '#shared/catalogue/tickets.ts';
import { useCreateTicketMutation } from './queries.ts';

/** /tickets/add: no client validation; defaults software and urgency 1 (part 1 §2.8, §5). */
export function TicketAddPage() {
  const { t } = useTranslation();
  const [problemType, setProblemType] = useState<TicketProblemType>('software');
  const [urgency, setUrgency] = useState('1');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const mutation = useCreateTicketMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ problem_type: problemType, urgency: Number(urgency), subject, description });
  };

  return (
    <Stack maw={640}>
      <Title order={1}>{t('route.tickets_add')}</Title>
      {mutation.isSuccess ? (
        <>
          <Alert color="green" role="status">
            {t('tickets.created')}
          </Alert>
          <Anchor component={Link} to="/tickets">
            {t('tickets.back_to_list')}
          </Anchor>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <NativeSelect
              label={t('tickets.problem_type_label')}
              value={problemType}
              onChange={(e) => setProblemType(e.currentTarget.value as TicketProblemType)}
              data={TICKET_PROBLEM_TYPES.map((value) => ({ value, label: t(`tickets.problem.${value}`) }))}
            />
            <NativeSelect
              label={t('tickets.urgency_label')}
              value={urgency}
              onChange={(e) => setUrgency(e.currentTarget.value)}
              data={Object.values(TicketUrgency).map((value) => ({ value: String(value), label: t(`tickets.urgency.${value}`) }))}
            />
            <TextInput label={t('tickets.subject')} maxLength={TICKET_LIMITS.subject} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
            <Textarea label={t('tickets.description')} rows={5} maxLength={TICKET_LIMITS.description} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
            <Group>
              <Button type="submit" loading={mutation.isPending}>
                {t('tickets.create')}
              </Button>
              <Anchor component={Link} to="/tickets">
                {t('tickets.cancel')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
