import { describe, expect, it } from 'vitest';
import type { Session } from '../shared/api/get-session';
import { resolveNavigation } from './guard';
import { APP_PAGE, ONBOARDING_PAGE, PUBLIC_PAGE, type RouteMeta } from './route-meta';

const signedIn: Pick<Session, 'user'> = {
  user: { id: 'u-1', email: 'ada@example.com', name: 'Ada Lovelace', emailVerified: true },
};
const publicWithSidebar: RouteMeta = { requiresAuth: false, noSidebar: false, onboarding: false };

describe('resolveNavigation', () => {
  it('lets routes that do not require auth pass freely, whatever the session or flag', () => {
    for (const meta of [PUBLIC_PAGE, publicWithSidebar]) {
      expect(resolveNavigation({ meta, session: null, onboardingFlag: false })).toBe('allow');
      expect(resolveNavigation({ meta, session: null, onboardingFlag: true })).toBe('allow');
      expect(resolveNavigation({ meta, session: signedIn, onboardingFlag: true })).toBe('allow');
    }
  });

  it('sends a signed-in user with the onboarding flag to the first onboarding step', () => {
    expect(resolveNavigation({ meta: APP_PAGE, session: signedIn, onboardingFlag: true })).toBe(
      '/onboarding/step-1',
    );
  });

  it('checks the onboarding flag before the session', () => {
    expect(resolveNavigation({ meta: APP_PAGE, session: null, onboardingFlag: true })).toBe(
      '/onboarding/step-1',
    );
  });

  it('lets a signed-in user with the onboarding flag through the onboarding routes', () => {
    expect(resolveNavigation({ meta: ONBOARDING_PAGE, session: signedIn, onboardingFlag: true })).toBe(
      'allow',
    );
  });

  it('sends a visitor without a session from an onboarding route to login', () => {
    expect(resolveNavigation({ meta: ONBOARDING_PAGE, session: null, onboardingFlag: true })).toBe('/login');
    expect(resolveNavigation({ meta: ONBOARDING_PAGE, session: null, onboardingFlag: false })).toBe('/login');
  });

  it('lets a signed-in user through an auth-required route when the flag is not set', () => {
    expect(resolveNavigation({ meta: APP_PAGE, session: signedIn, onboardingFlag: false })).toBe('allow');
    expect(resolveNavigation({ meta: ONBOARDING_PAGE, session: signedIn, onboardingFlag: false })).toBe(
      'allow',
    );
  });

  it('sends a visitor without a session to login', () => {
    expect(resolveNavigation({ meta: APP_PAGE, session: null, onboardingFlag: false })).toBe('/login');
  });

  it('treats a session without a user as no session', () => {
    const emptySession = { user: null } as unknown as Pick<Session, 'user'>;
    expect(resolveNavigation({ meta: APP_PAGE, session: emptySession, onboardingFlag: false })).toBe(
      '/login',
    );
  });
});
