import { Modal, type ModalProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog, type AlertDialogProps } from './alert-dialog.tsx';

function dialog(overrides: Partial<AlertDialogProps> = {}) {
  const props: AlertDialogProps = { opened: true, title: 'Title', text: 'Text', okLabel: 'Ok', onOk: vi.fn(), ...overrides };
  return { props, element: AlertDialog(props) as ReactElement<ModalProps> };
}

describe('AlertDialog (part 1 section 2.11)', () => {
  it('is a modal that neither Escape nor a backdrop click closes', () => {
    const { element } = dialog();
    expect(element.type).toBe(Modal);
    expect(element.props.closeOnEscape).toBe(false);
    expect(element.props.closeOnClickOutside).toBe(false);
    expect(element.props.withCloseButton).toBe(false);
  });

  it('ignores the dismiss request Escape or the backdrop would send', () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const { element } = dialog({ onOk, onCancel, cancelLabel: 'Cancel' });
    element.props.onClose();
    expect(onOk).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows Ok, and cancel only when asked', () => {
    const buttons = (element: ReactElement<ModalProps>) => JSON.stringify(element.props.children, (_k, v: unknown) => (typeof v === 'function' ? undefined : v));
    expect(buttons(dialog().element)).toContain('"Ok"');
    expect(buttons(dialog().element)).not.toContain('"Cancel"');
    expect(buttons(dialog({ onCancel: vi.fn(), cancelLabel: 'Cancel' }).element)).toContain('"Cancel"');
  });
});
