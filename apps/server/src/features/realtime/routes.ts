import { CLOSE_CODES, MIN_CLIENT_PROTOCOL_VERSION, REALTIME_PATH } from '@figgle/shared/realtime-protocol';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { findCurrentUser } from '../../auth/current-user.ts';
import { sessionKeyOf } from '../../auth/session-ended.ts';
import { sessionTokenOf } from '../../auth/session-lookup.ts';
import { unauthorized } from '../../http/errors.ts';
import { refuseConnectionFromAnotherSite } from '../../http/request-origin.ts';
import type { Connection, SocketSession } from '../../realtime/connection.ts';
import { type HubOptions, RealtimeHub } from '../../realtime/hub.ts';
import { SocketCaps } from '../../realtime/socket-caps.ts';
import { WsRealtimeSocket } from '../../realtime/ws-socket.ts';
import { createEntityLoader } from './entity-loader.ts';
import { presentClientTooOld } from './presenter.ts';
import { createTopicAccess } from './topic-access.ts';

const hubs = new WeakMap<AppDeps, RealtimeHub>();

/** The hub of a running app (tests use it to drive heartbeats and read its state). */
export function realtimeHubOf(deps: AppDeps): RealtimeHub | undefined {
  return hubs.get(deps);
}

/** Frames that arrive while the socket's user and organizations are still being read. */
const MAX_EARLY_FRAMES = 50;

function sessionHeaders(cookie: string | undefined): Headers {
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  return headers;
}

/** The session a socket is opened with, so that it closes as soon as that session ends. */
async function sessionOfSocket(
  auth: AppDeps['auth'],
  cookie: string | undefined,
  authUserId: string,
): Promise<SocketSession | undefined> {
  const token = await sessionTokenOf(auth, cookie);
  return token ? { authUserId, key: sessionKeyOf(token) } : undefined;
}

export function realtimeRoutes(hubOptions: Partial<HubOptions> = {}) {
  return async function registerRealtime(app: AppInstance): Promise<void> {
    const { bus, db, env, auth } = app.deps;
    const hub = new RealtimeHub({
      bus,
      access: createTopicAccess(db),
      loader: createEntityLoader(db),
      log: app.log,
      ...hubOptions,
    });
    hubs.set(app.deps, hub);
    const caps = new SocketCaps(env.REALTIME_SOCKETS_PER_ADDRESS);
    app.addHook('onClose', async () => {
      await hub.close();
    });

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        // A socket ends with the session it was opened with; a token has none to follow.
        config: { sessionOnly: true },
        schema: { hide: true, querystring: z.object({ v: z.string().max(10).optional() }) },
        // Browsers send cookies with a websocket from any page: only Figgle's own pages may open one.
        preValidation: async (request) => {
          refuseConnectionFromAnotherSite(request, env.PUBLIC_URL);
          if (!(await findCurrentUser(request))) throw unauthorized();
        },
      },
      (socket, request) => {
        const version = Number(request.query.v ?? 0);
        if (!Number.isInteger(version) || version < MIN_CLIENT_PROTOCOL_VERSION) {
          socket.send(JSON.stringify(presentClientTooOld()));
          socket.close(CLOSE_CODES.clientTooOld, 'Client too old');
          return;
        }
        // What the socket needs of its upgrade request, read now: a closure over `request` would
        // keep the whole request (headers, parser state, logger) for the socket's lifetime.
        const user = request.currentUser!;
        const cookie = request.headers.cookie;
        const log = request.log;
        // The cookie names the session (a token cannot open a socket: sessionOnly).
        const release = caps.take({ session: cookie ?? '', person: user.user_id, address: request.ip });
        if (!release) {
          socket.close(CLOSE_CODES.tooManySockets, 'Too many connections');
          return;
        }
        let connection: Connection | null = null;
        let closed = false;
        const early: Array<[string, boolean]> = [];

        socket.on('message', (data: Buffer, isBinary: boolean) => {
          const text = isBinary ? '' : data.toString('utf8');
          if (connection) {
            hub.receive(connection, text, isBinary);
          } else if (early.length < MAX_EARLY_FRAMES) {
            early.push([text, isBinary]);
          } else {
            socket.close(CLOSE_CODES.flood, 'Too many frames');
          }
        });
        socket.on('close', () => {
          release();
          closed = true;
          if (connection) hub.disconnect(connection);
        });

        sessionOfSocket(auth, cookie, user.auth_user_id)
          .then((session) =>
            hub.accept(new WsRealtimeSocket(socket), {
              user: { userId: user.user_id, firstname: user.firstname, lastname: user.lastname },
              revalidate: async () => !!(await auth.api.getSession({ headers: sessionHeaders(cookie) })),
              session,
              protocol: version,
            }),
          )
          .then(
            (accepted) => {
              if (closed) {
                hub.disconnect(accepted);
                return;
              }
              connection = accepted;
              for (const [text, isBinary] of early.splice(0)) hub.receive(accepted, text, isBinary);
            },
            (error: unknown) => {
              log.error({ err: error }, 'realtime: could not open a connection');
              socket.close(1011, 'Server error');
            },
          );
      },
    );
  };
}
