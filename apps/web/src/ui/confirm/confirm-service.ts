import { t } from '../../lib/i18n/i18n';
export interface ConfirmOptions {
  title: string;
  text: string;
  cancelLabel?: string;
  confirmLabel?: string;
  /** Hides the cancel button: the dialog then only acknowledges (Escape and the backdrop still cancel). */
  noCancel?: boolean;
}

/** A confirmation's answer: confirmed, cancelled, or (when offered) the alternative. */
export type ConfirmAnswer = boolean | 'alternative';

export interface ConfirmRequest extends Required<ConfirmOptions> {
  /** A third button between cancel and confirm (choose()); null: none. */
  alternativeLabel: string | null;
  resolve: (answer: ConfirmAnswer) => void;
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
  return ask(options, null).then((answer) => answer === true);
}

/**
 * Asks the user to choose between two ways forward, or neither: 'confirm' (the confirm button),
 * 'alternative' (the button beside it) or 'cancel' (cancel, Escape or a click on the backdrop).
 */
export function choose(
  options: ConfirmOptions & { alternativeLabel: string },
): Promise<'confirm' | 'alternative' | 'cancel'> {
  return ask(options, options.alternativeLabel).then((answer) =>
    answer === true ? 'confirm' : answer === 'alternative' ? 'alternative' : 'cancel',
  );
}

function ask(options: ConfirmOptions, alternativeLabel: string | null): Promise<ConfirmAnswer> {
  if (mountedHosts === 0) {
    return Promise.reject(new Error('The confirm dialog host is not mounted'));
  }
  return new Promise<ConfirmAnswer>((resolve) => {
    const request: ConfirmRequest = {
      title: options.title,
      text: options.text,
      cancelLabel: options.cancelLabel ?? t('messages.cancelLabel'),
      confirmLabel: options.confirmLabel ?? t('messages.confirmLabel'),
      noCancel: options.noCancel ?? false,
      alternativeLabel,
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
