import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VideoCreationStatus } from '#shared/enums.ts';

/** Part 3 §4 job monitor colours: enqueued grey, success green, anything else red. */
export function statusColour(status: number): 'gray' | 'green' | 'red' {
  if (status === VideoCreationStatus.enqueued) return 'gray';
  if (status === VideoCreationStatus.success) return 'green';
  return 'red';
}

export function VideoStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColour(status)} variant={status === VideoCreationStatus.enqueued ? 'light' : 'filled'} data-status={status}>
      {t(`videos.status.${status}`)}
    </Badge>
  );
}
