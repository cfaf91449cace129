import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';
import { LANGUAGES } from '../i18n/language.ts';

/** Top-bar language switch; the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={4} role="group" aria-label={t('shell.language')}>
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          size="compact-sm"
          variant={i18n.language === lng ? 'filled' : 'subtle'}
          aria-pressed={i18n.language === lng}
          title={t(`lang.${lng}`)}
          lang={lng}
          onClick={() => void changeLanguage(lng)}
        >
          {lng.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
