import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { DatePickerInput, DatesProvider, type DatePickerInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../i18n/format.ts';

/**
 * The product's one date field: Mantine's picker with its calendar in the reader's language (month
 * and day names, the day buttons' names, the arrows' names), the value written YYYY-MM-DD.
 * Mantine's calendar is English unless told otherwise, whatever the page's language.
 */
export function DayPickerInput(props: DatePickerInputProps<'default'>) {
  const { t, i18n } = useTranslation();
  const ariaLabels = {
    previousMonth: t('common.calendar.previous_month'),
    nextMonth: t('common.calendar.next_month'),
    previousYear: t('common.calendar.previous_year'),
    nextYear: t('common.calendar.next_year'),
    previousDecade: t('common.calendar.previous_decade'),
    nextDecade: t('common.calendar.next_decade'),
    monthLevelControl: t('common.calendar.choose_month'),
    yearLevelControl: t('common.calendar.choose_year'),
  };
  return (
    <DatesProvider settings={{ locale: languageOf(i18n.language) }}>
      <DatePickerInput valueFormat="YYYY-MM-DD" ariaLabels={ariaLabels} clearButtonProps={{ 'aria-label': t('common.calendar.clear') }} {...props} />
    </DatesProvider>
  );
}
