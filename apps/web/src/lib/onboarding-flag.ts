/**
 * The local onboarding flag of the navigation guard: while it reads 'true', auth-required routes send
 * the user to the first onboarding step. Registration sets it; the last onboarding step clears it.
 */
const ONBOARDING_FLAG_STORAGE_KEY = 'figgle-onboarding';

export function readOnboardingFlag(): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_FLAG_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setOnboardingFlag(active: boolean): void {
  try {
    if (active) window.localStorage.setItem(ONBOARDING_FLAG_STORAGE_KEY, 'true');
    else window.localStorage.removeItem(ONBOARDING_FLAG_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the flag then simply stays unset.
  }
}
