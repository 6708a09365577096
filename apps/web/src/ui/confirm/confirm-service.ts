export interface ConfirmOptions {
  title: string;
  text: string;
  cancelLabel?: string;
  confirmLabel?: string;
  /** Hides the cancel button: the dialog then only acknowledges (Escape and the backdrop still cancel). */
  noCancel?: boolean;
}

export interface ConfirmRequest extends Required<ConfirmOptions> {
  resolve: (confirmed: boolean) => void;
}

const CONFIRM_EVENT = 'figgle:confirm';

/** The application-wide channel the confirm dialog host listens on. */
const confirmChannel = new EventTarget();

let mountedHosts = 0;

/**
 * Asks the user to confirm through the application's dialog.
 * Resolves true on confirm, false on cancel, Escape or a click on the backdrop.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  if (mountedHosts === 0) {
    return Promise.reject(new Error('The confirm dialog host is not mounted'));
  }
  return new Promise<boolean>((resolve) => {
    const request: ConfirmRequest = {
      title: options.title,
      text: options.text,
      cancelLabel: options.cancelLabel ?? 'Cancel',
      confirmLabel: options.confirmLabel ?? 'Ok',
      noCancel: options.noCancel ?? false,
      resolve,
    };
    confirmChannel.dispatchEvent(new CustomEvent<ConfirmRequest>(CONFIRM_EVENT, { detail: request }));
  });
}

/** Registers the dialog host; returns the function that unregisters it. */
export function listenToConfirmRequests(onRequest: (request: ConfirmRequest) => void): () => void {
  const listener = (event: Event) => onRequest((event as CustomEvent<ConfirmRequest>).detail);
  confirmChannel.addEventListener(CONFIRM_EVENT, listener);
  mountedHosts += 1;
  return () => {
    confirmChannel.removeEventListener(CONFIRM_EVENT, listener);
    mountedHosts -= 1;
  };
}
