import type { LdapSignInInput } from '@figgle/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Either signed in, or a second factor is due (no session until the code), as with a password. */
interface DirectorySignInAnswer {
  twoFactorRedirect?: boolean;
}

function signInWithDirectory(credentials: LdapSignInInput): Promise<DirectorySignInAnswer> {
  return api.post<DirectorySignInAnswer>('/api/auth/sign-in/username', credentials);
}

/** Directory (LDAP) sign-in with the directory's username and password. */
export function useSignInWithDirectory() {
  return useMutation({ mutationFn: signInWithDirectory });
}
