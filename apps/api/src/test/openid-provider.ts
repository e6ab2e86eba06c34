import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/** What the provider knows about a person; `email_verified` may be a string, as Apple sends it. */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
}

export interface LocalOpenIdProvider {
  issuer: string;
  /** From the provider's discovery document. */
  jwksUri: string;
  /** People who can sign in at this provider, by subject. */
  accounts: Map<string, ProviderAccount>;
  /**
   * Signs `subject` in at the provider for the app `clientId` (authorization code flow with PKCE,
   * as a mobile app does) and returns the ID token from the token endpoint.
   */
  idToken(opts: { clientId: string; subject: string; nonce?: string }): Promise<string>;
  close(): Promise<void>;
}

/** The app's registered redirect (a native app's private-use URI scheme). */
const REDIRECT_URI = "de.stempla.app:/oauth2redirect";

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port. Its only interaction is the
 * person's decision: they sign in as the account named in `login_hint` and consent to the scopes
 * asked for, so a test can obtain real ID tokens with plain HTTP requests.
 */
export async function startOpenIdProvider(
  clients: {
    id: string;
    /** ID token lifetime in seconds (default one hour). */
    idTokenSeconds?: number;
  }[],
): Promise<LocalOpenIdProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString("hex"), use: "sig" };
  const accounts = new Map<string, ProviderAccount>();
  const lifetimes = new Map(clients.map((c) => [c.id, c.idTokenSeconds ?? 3600]));

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.id,
      application_type: "native",
      token_endpoint_auth_method: "none",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    // Google, Apple and Facebook put the email into the ID token of the code flow too.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      IdToken: (_ctx, _token, client) => lifetimes.get(client.clientId) ?? 3600,
      AccessToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) };
    },
  });
  provider.on("server_error", (_ctx, error) => console.error("oidc-provider:", error));
  const callback = provider.callback();

  server.on("request", (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = String(details.params.login_hint);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
    jwks_uri: string;
  };

  async function idToken({
    clientId,
    subject,
    nonce,
  }: {
    clientId: string;
    subject: string;
    nonce?: string;
  }) {
    const jar = new Map<string, string>();
    const request = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return res;
    };
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(discovery.authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      response_type: "code",
      redirect_uri: REDIRECT_URI,
      scope: "openid email profile",
      login_hint: subject,
      state: randomBytes(8).toString("hex"),
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      ...(nonce ? { nonce } : {}),
    }).toString();

    // authorize -> interaction -> resume -> back to the app with the code
    let location = authorize.toString();
    for (let hop = 0; !location.startsWith(REDIRECT_URI); hop++) {
      const res = await request(new URL(location, issuer).toString());
      const next = res.headers.get("location");
      if (!next || hop > 5)
        throw new Error(`no redirect from ${location}: ${res.status} ${await res.text()}`);
      location = next;
    }
    const code = new URL(location).searchParams.get("code");
    if (!code) throw new Error(`no code in ${location}`);
    const token = await request(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
        code_verifier: verifier,
      }).toString(),
    });
    const body = (await token.json()) as { id_token?: string };
    if (!body.id_token) throw new Error(`no ID token: ${JSON.stringify(body)}`);
    return body.id_token;
  }

  return {
    issuer,
    jwksUri: discovery.jwks_uri,
    accounts,
    idToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
