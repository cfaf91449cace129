import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The generic alert dialog of part 1 section 2.11: title, text, an Ok button and an
 * optional cancel button. It cannot be dismissed by backdrop click or the Escape key:
 * only its buttons close it. Open it through useAlert() (alert-provider.tsx).
 */
export interface AlertDialogProps {
  opened: boolean;
  title: ReactNode;
  text: ReactNode;
  okLabel: string;
  onOk: () => void;
  /** Shown only when given. */
  cancelLabel?: string;
  onCancel?: () => void;
}

/** Backdrop clicks and Escape reach Modal's onClose; the alert ignores them. */
export function ignoreDismiss(): void {}

/**
 * Every open Mantine Modal closes on an Escape pressed anywhere in the window unless the key's target
 * says not to: over a dialog (the shooting dialog's 'Make billable' confirmation), Escape would close
 * the dialog underneath and leave the alert alone on the page. Focus stays inside the alert (its
 * buttons, or its content once clicked), so each of these carries the mark.
 */
const KEEP_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

export function AlertDialog({ opened, title, text, okLabel, onOk, cancelLabel, onCancel }: AlertDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={ignoreDismiss}
      title={title}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      attributes={{ content: KEEP_ESCAPE }}
    >
      <Text>{text}</Text>
      <Group justify="flex-end" mt="lg">
        {onCancel && (
          <Button variant="default" onClick={onCancel} {...KEEP_ESCAPE}>
            {cancelLabel}
          </Button>
        )}
        <Button onClick={onOk} data-autofocus {...KEEP_ESCAPE}>
          {okLabel}
        </Button>
      </Group>
    </Modal>
  );
}
