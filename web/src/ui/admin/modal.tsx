import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** What gets focus when the dialog opens; else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Visible close button in the header; confirmations have their own Cancel instead. */
  showCloseButton?: boolean;
  size?: 'small' | 'large';
  /** Extra line under the title, tied to the dialog as its description. */
  description?: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` element: the page behind is inert, Tab cycles inside it,
 * Escape and the close button close it, and focus returns to where it was when it closes.
 */
export function Modal({
  title,
  onClose,
  children,
  role = 'dialog',
  initialFocusRef,
  showCloseButton = true,
  size = 'small',
  description,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once; later focus targets are the user's.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    const target = initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    return () => {
      if (dialog.open) dialog.close?.();
      returnFocusTo?.focus();
    };
  }, []);

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className={`admin-modal admin-modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className="admin-modal__inner">
        <div className="admin-modal__header">
          <h2 id={titleId} className="admin-modal__title">
            {title}
          </h2>
          {showCloseButton && (
            <button
              type="button"
              className="admin-modal__close"
              onClick={() => onCloseRef.current()}
              aria-label="Close"
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {description && (
          <p id={descriptionId} className="admin-modal__description">
            {description}
          </p>
        )}
        <div className="admin-modal__body">{children}</div>
      </div>
    </dialog>
  );
}

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Why the last attempt failed, shown inside the dialog so the user can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no confirmation for a destructive action; Cancel has the initial focus. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={title}
      description={message}
      role="alertdialog"
      onClose={() => {
        if (!busy) onCancel();
      }}
      initialFocusRef={cancelRef}
      showCloseButton={false}
    >
      {error && (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      )}
      <div className="admin-modal__actions">
        <button
          ref={cancelRef}
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          disabled={busy}
        >
          Cancel
        </button>
        <button type="button" className="button admin-button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
