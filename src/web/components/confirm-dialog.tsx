/**
 * A confirmation the teacher answers before something that cannot be undone. A native modal
 * <dialog>: the browser keeps the focus inside, Escape cancels, and the focus goes back to
 * the button that opened it. "Cancel" has the focus first, so Enter does no harm.
 */
import { type ReactNode, useEffect, useRef } from "react";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-detail"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open ? (
        <>
          <h2 id="confirm-dialog-title">{title}</h2>
          <div id="confirm-dialog-detail">{children}</div>
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={onCancel} autoFocus>
              {cancelLabel}
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-disabled={busy}
              onClick={() => !busy && onConfirm()}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
