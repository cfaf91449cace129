import { Badge, Button, Checkbox, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokerOfficeView } from '#shared/catalogue/zones.ts';
import { formatNumber } from '../../i18n/format.ts';
import { isTemp, listingCount, type EditorZone } from './zone-editor.ts';

/**
 * The zone list of the editor: choose (blue and thicker on the map), hide or show, edit, remove
 * or restore each zone; its type, listing count (part 2 §9) and what is pending for it.
 */
export interface ZoneListProps {
  zones: readonly EditorZone[];
  offices: readonly BrokerOfficeView[];
  chosen: ReadonlySet<EditorZone['id']>;
  onChoose: (id: EditorZone['id'], chosen: boolean) => void;
  onHide: (id: EditorZone['id'], hidden: boolean) => void;
  onRemove: (id: EditorZone['id'], removed: boolean) => void;
  onEdit: (id: EditorZone['id']) => void;
}

export function ZoneList({ zones, offices, chosen, onChoose, onHide, onRemove, onEdit }: ZoneListProps) {
  const { t, i18n } = useTranslation();
  const counts = useMemo(() => new Map(zones.map((z) => [z.id, listingCount(z, offices)])), [zones, offices]);
  return (
    <div>
      <Title order={2} size="h3">
        {t('zones.list_title')}
      </Title>
      <Table.ScrollContainer minWidth={0}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>{t('zones.col_select')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('zones.col_name')}</Table.Th>
              <Table.Th>{t('zones.col_type')}</Table.Th>
              <Table.Th>{t('zones.col_listings')}</Table.Th>
              <Table.Th>{t('zones.col_actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {zones.map((z) => {
              const name = z.zone_name || String(z.id);
              return (
                <Table.Tr key={String(z.id)} data-testid="zone-row" data-zone={name}>
                  <Table.Td>
                    <Checkbox aria-label={t('zones.select_zone', { name })} checked={chosen.has(z.id)} disabled={z.isRemoved} onChange={(e) => onChoose(z.id, e.currentTarget.checked)} />
                  </Table.Td>
                  <Table.Td>
                    <Text td={z.isRemoved ? 'line-through' : undefined} size="sm">
                      {name}
                    </Text>
                    {z.isRemoved ? (
                      <Badge color="red" variant="light">
                        {t('zones.state_removed')}
                      </Badge>
                    ) : isTemp(z) ? (
                      <Badge color="green" variant="light">
                        {t('zones.state_new')}
                      </Badge>
                    ) : z.hasChanged ? (
                      <Badge color="orange" variant="light">
                        {t('zones.state_changed')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{t(`zones.type_${z.type}`)}</Table.Td>
                  <Table.Td>{formatNumber(counts.get(z.id) ?? 0, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Button size="compact-xs" variant="default" onClick={() => onHide(z.id, !z.isHidden)} disabled={z.isRemoved} aria-label={`${z.isHidden ? t('zones.show') : t('zones.hide')} ${name}`}>
                        {z.isHidden ? t('zones.show') : t('zones.hide')}
                      </Button>
                      <Button size="compact-xs" variant="default" onClick={() => onEdit(z.id)} disabled={z.isRemoved} aria-label={`${t('zones.edit')} ${name}`}>
                        {t('zones.edit')}
                      </Button>
                      <Button size="compact-xs" color="red" variant="light" onClick={() => onRemove(z.id, !z.isRemoved)} aria-label={`${z.isRemoved ? t('zones.restore') : t('zones.remove')} ${name}`}>
                        {z.isRemoved ? t('zones.restore') : t('zones.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
