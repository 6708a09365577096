import { onlineManager } from '@tanstack/react-query';
import { ApiRequestError } from '../api-client';

/** How often a page that lost the server without the browser noticing asks whether it is back. */
const PROBE_EVERY_MS = 3000;

let probe: ReturnType<typeof setInterval> | undefined;

/** A request that never reached the server (no network, server down): not an answer from it. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiRequestError && error.statusCode === 0;
}

async function serverAnswers(): Promise<boolean> {
  try {
    const answer = await fetch('/healthz', { cache: 'no-store', credentials: 'same-origin' });
    return answer.ok;
  } catch {
    return false;
  }
}

function stopProbing(): void {
  if (probe) clearInterval(probe);
  probe = undefined;
}

/** Asks the server every few seconds until it answers, then counts the app online again. */
function probeUntilBack(): void {
  if (probe) return;
  probe = setInterval(() => {
    void serverAnswers().then((answered) => {
      if (!answered || !probe) return;
      stopProbing();
      onlineManager.setOnline(true);
    });
  }, PROBE_EVERY_MS);
}

let checking = false;

/**
 * A request failed for want of a network. The browser does not always say so (a page loaded without
 * network may read navigator.onLine as true, and a dead Wi-Fi still counts as a connection), so the
 * server's health check is asked at once: when it does not answer either, the app counts itself
 * offline, so reads and changes pause instead of failing, and asks again every few seconds until it
 * is back. When it answers, only that request failed: it is retried a few times, then reported.
 * The browser's own 'online' event ends the wait too.
 */
function reportNetworkFailure(): void {
  if (typeof window === 'undefined' || checking || probe) return;
  checking = true;
  void serverAnswers().then((answered) => {
    checking = false;
    if (answered) return;
    if (onlineManager.isOnline()) onlineManager.setOnline(false);
    probeUntilBack();
  });
}

/**
 * Whether a failed request is tried again: an answer from the server will not change; a request that
 * did not get through is retried while the app is offline (it then waits, paused, for the
 * connection), and a few times more when the server answers its health check.
 */
export function retryAfterNetworkFailure(
  failures: number,
  error: unknown,
  triesWhileOnline: number,
): boolean {
  if (!isNetworkFailure(error)) return false;
  reportNetworkFailure();
  return failures < triesWhileOnline || !onlineManager.isOnline();
}

/** The browser's word wins once it speaks: an 'online' event ends the probing. */
export function watchConnection(): () => void {
  if (typeof window === 'undefined') return () => {};
  const onOnline = () => stopProbing();
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('online', onOnline);
    stopProbing();
  };
}
