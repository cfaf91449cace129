import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShootTime } from '#shared/catalogue/shootings.ts';
import type { Progress } from '#shared/rules/shooting-progress.ts';
import { formatDuration, formatNumber } from '../i18n/format.ts';

/**
 * A shooting card's status badge and its shoot time against the estimate (docs/decisions/0525),
 * shared by the schedule's and the shooting dashboard's cards. `texts` is the area whose catalogue
 * holds `status.*` and `shoot_time.*` (each area brings its own texts).
 */
type Texts = 'schedule' | 'shootingdashboard';

const PROGRESS_COLOUR: Record<Progress, string> = { completed: 'green', in_progress: 'blue', planned: 'gray' };

export function ProgressBadge({ progress, texts }: { progress: Progress; texts: Texts }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={PROGRESS_COLOUR[progress]} style={{ flexShrink: 0 }}>
      {t(`${texts}.status.${progress}`)}
    </Badge>
  );
}

/** '+12 % au-delà de l'estimation · 1 h 05 de capture, 58 min estimées (6 pièces)' in the reader's language. */
export function ShootTimeLine({ time, texts }: { time: ShootTime; texts: Texts }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const percent = formatNumber(time.percent / 100, lng, { style: 'percent', signDisplay: 'exceptZero' });
  const direction = time.percent > 0 ? 'over' : time.percent < 0 ? 'under' : 'on';
  return (
    <Text size="sm">
      <Text span size="sm" fw={700} c={time.percent > 0 ? 'orange.9' : 'teal.9'}>
        {t(`${texts}.shoot_time.${direction}`, { percent })}
      </Text>
      {' · '}
      {t(`${texts}.shoot_time.detail`, { shoot: formatDuration(time.shoot_s, lng), estimate: formatDuration(time.estimate_s, lng), count: time.rooms })}
    </Text>
  );
}
