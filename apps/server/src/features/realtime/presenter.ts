import { type ErrorFrame, PROTOCOL_VERSION } from '@figgle/shared/realtime-protocol';

/**
 * What a page speaking an older protocol than the server accepts is told before its socket closes:
 * the frames after the handshake are the hub's (realtime/hub.ts), built from the REST presenters.
 */
export function presentClientTooOld(): ErrorFrame {
  return {
    type: 'error',
    code: 'client-too-old',
    message: `This page speaks an old version of the live-update protocol (server: ${PROTOCOL_VERSION}). Please reload it.`,
  };
}
