import type { Locale } from '@figgle/shared/constants';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesInput,
} from '@figgle/shared/notification-preference-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireUser } from '../../auth/current-user.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { fileAnswer } from '../../http/response-schemas.ts';
import { localeOfAcceptLanguage, mailLocale, mailText } from '../../mail/i18n.ts';
import { saveNotificationPreferences } from './commands/save-notification-preferences.ts';
import { unsubscribe } from './commands/unsubscribe.ts';
import { presentPreferences } from './presenter.ts';
import { recipientOf } from './queries.ts';
import { checkUnsubscribeToken } from './unsubscribe-link.ts';
import { unsubscribePage } from './unsubscribe-page.ts';

const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const unsubscribeQuery = z.object({ token: z.string().max(200).default('') });
const unsubscribedSchema = z.object({ unsubscribed: z.literal(true), already: z.boolean() });
const htmlPage = fileAnswer('text/html', 'A small page for a person who followed the link of an email.');

/**
 * A page rather than JSON: the route's reply type knows only its declared JSON answers, and the
 * serializer leaves a string alone, so the page goes out through the untyped reply.
 */
function sendPage(reply: unknown, status: number, html: string) {
  return (reply as FastifyReply).code(status).type('text/html; charset=utf-8').send(html);
}

function wantsHtml(request: FastifyRequest): boolean {
  return /text\/html/i.test(request.headers.accept ?? '');
}

export async function notificationEmailRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  const settingsUrl = `${app.deps.env.PUBLIC_URL}/settings/notifications`;

  // RFC 8058: a mail provider posts "List-Unsubscribe=One-Click" as a form; the page's button too.
  // The body says nothing the link does not: it is read as text and left alone.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/api/me/notification-preferences',
    { schema: { tags: ['notifications'], response: { 200: notificationPreferencesSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const recipient = await recipientOf(db, user.user_id);
      if (!recipient) throw notFound('Account');
      return presentPreferences(recipient);
    },
  );

  app.put(
    '/api/me/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        body: updateNotificationPreferencesInput,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await saveNotificationPreferences(app.deps, user, request.body);
      const recipient = await recipientOf(db, user.user_id);
      if (!recipient) throw notFound('Account');
      return presentPreferences(recipient);
    },
  );

  /**
   * The page's language: the one the person the link belongs to chose (an expired link still
   * names them), else the browser's, else English. A forged link names nobody.
   */
  async function pageLocale(request: FastifyRequest, token: string): Promise<Locale> {
    const check = checkUnsubscribeToken(app.deps.env.SECRET, token, app.deps.clock.now());
    const userId = check.valid || check.reason === 'expired' ? check.userId : null;
    const saved = userId ? (await recipientOf(db, userId))?.locale : null;
    return mailLocale(saved, localeOfAcceptLanguage(request.headers['accept-language']));
  }

  /** The page for a link that does not work: the reason in the page's language. */
  function failurePage(locale: Locale, code: string): string {
    const expired = code === 'unsubscribe_link_expired';
    return unsubscribePage({
      locale,
      title: mailText(locale, expired ? 'unsubscribePage.expiredTitle' : 'unsubscribePage.invalidTitle'),
      message: mailText(
        locale,
        expired
          ? 'unsubscribePage.expiredMessage'
          : code === 'unsubscribe_account_gone'
            ? 'unsubscribePage.goneMessage'
            : 'unsubscribePage.invalidMessage',
      ),
      settingsUrl,
    });
  }

  /** What a failed link answers: a page for a person, the error object for a program. */
  async function refuse(request: FastifyRequest, reply: unknown, token: string, error: unknown) {
    if (!(error instanceof HttpError) || !wantsHtml(request)) throw error;
    const locale = await pageLocale(request, token);
    return sendPage(reply, error.statusCode, failurePage(locale, error.code));
  }

  // Opening the link changes nothing (scanners and previews open links): it shows a button.
  app.get(
    UNSUBSCRIBE_PATH,
    { schema: { tags: ['notifications'], querystring: unsubscribeQuery, response: { 200: htmlPage } } },
    async (request, reply) => {
      const { token } = request.query;
      const check = checkUnsubscribeToken(app.deps.env.SECRET, token, app.deps.clock.now());
      const locale = await pageLocale(request, token);
      if (!check.valid) {
        const expired = check.reason === 'expired';
        return sendPage(
          reply,
          expired ? 410 : 400,
          failurePage(locale, expired ? 'unsubscribe_link_expired' : 'unsubscribe_link_invalid'),
        );
      }
      return sendPage(
        reply,
        200,
        unsubscribePage({
          locale,
          title: mailText(locale, 'unsubscribePage.confirmTitle'),
          message: mailText(locale, 'unsubscribePage.confirmMessage'),
          confirmAction: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
          settingsUrl,
        }),
      );
    },
  );

  // The one-click POST: no session and no Origin of ours (http/origin-check.ts lets it through);
  // the signed link is the proof.
  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['notifications'],
        querystring: unsubscribeQuery,
        response: {
          200: {
            ...htmlPage,
            content: { ...htmlPage.content, 'application/json': { schema: unsubscribedSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      try {
        const done = await unsubscribe(app.deps, request.query.token);
        if (!wantsHtml(request)) return { unsubscribed: true as const, already: done.alreadyOff };
        const locale = await pageLocale(request, request.query.token);
        return sendPage(
          reply,
          200,
          unsubscribePage({
            locale,
            title: mailText(locale, 'unsubscribePage.doneTitle'),
            message: mailText(locale, 'unsubscribePage.doneMessage', { email: done.email }),
            settingsUrl,
          }),
        );
      } catch (error) {
        return refuse(request, reply, request.query.token, error);
      }
    },
  );
}
