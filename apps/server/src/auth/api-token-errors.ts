import { HttpError } from '../http/errors.ts';

/** What a token may not do: anything that makes or ends credentials, or needs a browser session. */
export const sessionRequired = () =>
  new HttpError(
    403,
    'session_required',
    'This needs a browser session: an API token cannot sign in, change a password, open the live connection or manage API tokens.',
  );

/** One answer for an unknown, revoked, forged or mistyped token: which part was wrong is not told. */
export const invalidToken = () =>
  new HttpError(401, 'invalid_token', 'This API token is not valid: it is unknown, revoked or mistyped.');

export const readOnlyToken = (method: string) =>
  new HttpError(
    403,
    'read_only_token',
    `This API token may only read (GET), not ${method}. Create a read-write token to make changes.`,
  );
