import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcIdentity {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  /** Whether the provider vouches for the email (true unless a test says otherwise). */
  email_verified?: boolean;
}

export interface OidcProvider {
  /** The issuer URL Figgle is configured with (OIDC_ISSUER_URL); discovery lives under it. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The person the next sign-in authenticates as (the mock has no login form: it answers at once). */
  signInAs(identity: OidcIdentity): void;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server): discovery, authorize with PKCE,
 * token with a signed id_token, userinfo. It plays Keycloak or Authentik for the tests.
 */
export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const address = server.address();
  // The issuer must be the very address Figgle fetches, or id_token checks fail on `iss`.
  server.issuer.url = `http://127.0.0.1:${address.port}`;

  let identity: OidcIdentity = {
    sub: 'oidc-user',
    email: 'oidc-user@example.test',
    given_name: 'Oidc',
    family_name: 'User',
  };
  const claims = () => ({
    email_verified: true,
    ...identity,
    name: `${identity.given_name} ${identity.family_name}`,
  });
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims());
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims();
  });

  return {
    issuerUrl: server.issuer.url,
    clientId: 'figgle',
    clientSecret: 'figgle-oidc-secret',
    signInAs: (next) => {
      identity = next;
    },
    stop: () => server.stop(),
  };
}
