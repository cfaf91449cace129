import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog (Mantine Modal) loads with the first alert, not with the first page. */
const AlertDialog = lazy(() => import('./alert-dialog.tsx').then((m) => ({ default: m.AlertDialog })));

export interface AlertOptions {
  title: ReactNode;
  text: ReactNode;
  okLabel?: string;
  /** Show a cancel button (with this label, or the translated 'Cancel' when true). */
  cancel?: boolean | string;
}

/** Resolves true on Ok, false on cancel. */
export type ShowAlert = (options: AlertOptions) => Promise<boolean>;

const AlertContext = createContext<ShowAlert | null>(null);

interface OpenAlert extends AlertOptions {
  resolve: (ok: boolean) => void;
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<OpenAlert | null>(null);
  const queue = useRef<OpenAlert[]>([]);

  const show = useCallback<ShowAlert>(
    (options) =>
      new Promise<boolean>((resolve) => {
        const alert = { ...options, resolve };
        setCurrent((open) => {
          if (open) {
            queue.current.push(alert);
            return open;
          }
          return alert;
        });
      }),
    [],
  );

  const close = (ok: boolean) => {
    current?.resolve(ok);
    setCurrent(queue.current.shift() ?? null);
  };

  const value = useMemo(() => show, [show]);
  const cancelLabel = typeof current?.cancel === 'string' ? current.cancel : t('common.cancel');

  return (
    <AlertContext.Provider value={value}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <AlertDialog
            opened
            title={current.title}
            text={current.text}
            okLabel={current.okLabel ?? t('common.ok')}
            onOk={() => close(true)}
            cancelLabel={cancelLabel}
            onCancel={current.cancel ? () => close(false) : undefined}
          />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const show = useContext(AlertContext);
  if (!show) throw new Error('useAlert must be used inside <AlertProvider>');
  return show;
}
