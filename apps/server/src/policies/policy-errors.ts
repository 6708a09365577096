/**
 * A policy's refusal, in the policies' own terms: the thing is not there for this user, or the user
 * may not do this. The policies know nothing of HTTP; app.ts hands http/errors.ts the answer for
 * each kind (404 not_found, 403 forbidden), so a refusal reads as it always did.
 */
export class PolicyError extends Error {
  constructor(
    readonly kind: 'not_found' | 'forbidden',
    message: string,
  ) {
    super(message);
  }
}

/** Also what a user gets for something they may not see: never confirm another tenant's data exists. */
export const notFound = (what = 'Resource') => new PolicyError('not_found', `${what} not found.`);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new PolicyError('forbidden', message);
