import type { Me } from '@figgle/shared/me-schemas';
import type { AppUser } from '../../db/schema.ts';
import type { AccountFacts } from './queries.ts';

/** The signed-in user's own view of their profile: never the encrypted Figma token. */
export function presentMe(user: AppUser, facts: AccountFacts, needsOnboarding: boolean): Me {
  return {
    user_id: user.user_id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    needs_onboarding: needsOnboarding,
    color_scheme: user.color_scheme,
    locale: user.locale,
    has_password: facts.hasPassword,
    two_factor_enabled: facts.twoFactorEnabled,
    redacted_figma_token: user.figma_token_redacted,
  };
}
