import { createHash, randomBytes } from 'node:crypto';

/**
 * The browser that signed up (issue 37, item 1). A sign-up's confirmation link keeps the password
 * that sign-up chose only when it is opened in the browser that chose it: anyone may sign up with
 * someone else's address, and the owner who then opens that confirmation (it reaches their inbox)
 * must not confirm a password a stranger knows. The signing-up browser gets a random nonce in a
 * cookie only the confirmation path reads; the link carries the nonce's digest. Opened anywhere
 * else, the link still confirms the address, and its opener chooses the password.
 */

/** How the nonce's digest reaches better-auth's email callback: a header Figgle sets, never the client's. */
export const SIGN_UP_BROWSER_HEADER = 'x-figgle-sign-up-browser';

const COOKIE_PATH = '/api/auth/verify-email';
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface SignUpBrowser {
  nonce: string;
  digest: string;
}

export function newSignUpBrowser(): SignUpBrowser {
  const nonce = randomBytes(24).toString('base64url');
  return { nonce, digest: digestOf(nonce) };
}

function digestOf(nonce: string): string {
  return createHash('sha256').update(`sign-up-browser:${nonce}`).digest('base64url');
}

/** One cookie per address, so a browser that signs up two addresses keeps both proofs. */
function cookieName(email: string): string {
  const id = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
  return `figgle.sign_up_${id}`;
}

/** The Set-Cookie value that marks this browser as the one that signed `email` up. */
export function signUpBrowserCookie(email: string, browser: SignUpBrowser, secure: boolean): string {
  return [
    `${cookieName(email)}=${browser.nonce}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    // Lax: the click on the emailed link is a top-level navigation from another site.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Whether the Cookie header comes from the browser whose nonce `digest` names, for `email`. */
export function isSignUpBrowser(cookieHeader: string | undefined, email: string, digest: string): boolean {
  const name = `${cookieName(email)}=`;
  const nonce = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(name))
    ?.slice(name.length);
  return nonce !== undefined && nonce.length > 0 && digestOf(nonce) === digest;
}
