/**
 * A local OpenID Connect issuer standing in for Google (oauth2-mock-server): discovery, the
 * authorisation endpoint (which answers at once, as if the runner had picked an account), the
 * token endpoint and signed ID tokens. A test says who signs in next with `signInAs`.
 */
import { OAuth2Server } from 'oauth2-mock-server';

/** The ID token claims Google sends about a runner. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GoogleIssuer {
  /** GOOGLE_DISCOVERY_URL for a server that signs in with this issuer. */
  discoveryUrl: string;
  /** The query of the last authorisation request (scopes, prompt, redirect URI). */
  lastAuthorization(): URLSearchParams | undefined;
  /** The runner every following sign-in is made as. */
  signInAs(identity: GoogleIdentity): void;
  /** An ID token the issuer signs for `audience` (the client id), as Google's own JavaScript would hand a page. */
  idToken(identity: GoogleIdentity, audience: string, nonce?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startGoogleIssuer(): Promise<GoogleIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: GoogleIdentity | undefined;
  let authorization: URLSearchParams | undefined;
  server.service.on('beforeAuthorizeRedirect', (_redirect: unknown, request: { url?: string }) => {
    authorization = new URL(request.url ?? '/', 'http://issuer.invalid').searchParams;
  });
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (!identity) {
      throw new Error('startGoogleIssuer: call signInAs before signing in');
    }
    Object.assign(token.payload, identity);
  });
  const url = server.issuer.url;
  if (!url) {
    throw new Error('startGoogleIssuer: the issuer has no URL');
  }
  return {
    discoveryUrl: `${url}/.well-known/openid-configuration`,
    lastAuthorization: () => authorization,
    signInAs: (next) => {
      identity = next;
    },
    idToken: (claims, audience, nonce) =>
      server.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, claims, { aud: audience }, nonce === undefined ? {} : { nonce });
        },
      }),
    stop: () => server.stop(),
  };
}
