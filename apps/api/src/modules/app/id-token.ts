import { oneLineString, type SocialProvider } from "@stempla/domain";
import type { FastifyBaseLogger } from "fastify";
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import { z } from "zod";
import { HttpError } from "../../plugins/http-error.ts";

/** Where a provider's ID tokens come from and where its signing keys are published. */
export interface OpenIdProviderKeys {
  /** The `iss` values its tokens carry; Google's older tokens say `accounts.google.com`. */
  issuer: string | string[];
  jwksUri: string;
}

/** The providers' published issuers and key sets (each one's OpenID discovery document names them). */
export const OPENID_PROVIDERS: Record<SocialProvider, OpenIdProviderKeys> = {
  google: {
    issuer: ["https://accounts.google.com", "accounts.google.com"],
    jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
  },
  apple: { issuer: "https://appleid.apple.com", jwksUri: "https://appleid.apple.com/auth/keys" },
  // Facebook Limited Login: its ID tokens are OpenID Connect tokens.
  facebook: {
    issuer: "https://www.facebook.com",
    jwksUri: "https://limited.facebook.com/.well-known/oauth/openid/jwks/",
  },
};

/** The person an ID token vouches for, as far as we use it. */
export interface VerifiedIdentity {
  provider: SocialProvider;
  subject: string;
  /** Lower-cased; undefined when the provider did not share a valid address. */
  email: string | undefined;
  /** Only when the provider says so; Apple sends the string "true", Facebook sends nothing. */
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

export interface IdTokenVerifier {
  /** `log` learns why a provider's keys could not be fetched (the client only hears 503). */
  verify(
    provider: SocialProvider,
    idToken: string,
    nonce: string | undefined,
    log?: Pick<FastifyBaseLogger, "warn">,
  ): Promise<VerifiedIdentity>;
}

/**
 * Allowed difference between our clock and the provider's when checking `exp` and `nbf`: the
 * tokens live minutes to an hour and reach us right after sign-in, so a few seconds suffice.
 */
const CLOCK_TOLERANCE_SECONDS = 5;

/** All three providers sign with RSA today; ES256 is the other algorithm OpenID Connect names. */
const ALGORITHMS = ["RS256", "ES256"];

/** Thrown by the key lookup when the provider's key set cannot be fetched or read. */
class KeysUnavailable extends Error {}

// A name the provider sends with control characters is dropped, as our own forms refuse them.
const optionalString = oneLineString().min(1).max(200).optional().catch(undefined);
const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional().catch(undefined),
  email_verified: z.unknown().optional(),
  given_name: optionalString,
  family_name: optionalString,
  nonce: z.string().optional().catch(undefined),
});

const invalid = () => new HttpError(401, { code: "id_token_invalid", messageKey: "app.social.tokenInvalid" });

/**
 * Verifies ID tokens against each provider's published keys (fetched and cached by jose's remote
 * key set: refetched when a token names an unknown key, at most every 30 s), its issuer and our
 * client ids as audience. A provider without client ids is off. `overrides` put a test's local
 * OpenID provider in place of the real ones.
 */
export function idTokenVerifier(
  clientIds: Record<SocialProvider, string[]>,
  overrides: Partial<Record<SocialProvider, OpenIdProviderKeys>> = {},
): IdTokenVerifier {
  const keySets = new Map<SocialProvider, ReturnType<typeof createRemoteJWKSet>>();
  const keysOf = (provider: SocialProvider, jwksUri: string) => {
    let keys = keySets.get(provider);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(jwksUri));
      keySets.set(provider, keys);
    }
    return keys;
  };

  return {
    async verify(provider, idToken, nonce, log) {
      const audience = clientIds[provider];
      if (audience.length === 0)
        throw new HttpError(404, { code: "provider_not_configured", messageKey: "app.social.notConfigured" });
      const { issuer, jwksUri } = overrides[provider] ?? OPENID_PROVIDERS[provider];
      const keys = keysOf(provider, jwksUri);

      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(
          idToken,
          async (header, token) => {
            try {
              return await keys(header, token);
            } catch (error) {
              // No key with the token's `kid`: a forged or foreign token, not an outage.
              if (
                error instanceof errors.JWKSNoMatchingKey ||
                error instanceof errors.JWKSMultipleMatchingKeys
              )
                throw error;
              throw new KeysUnavailable(String(error), { cause: error });
            }
          },
          {
            issuer,
            audience,
            algorithms: ALGORITHMS,
            clockTolerance: CLOCK_TOLERANCE_SECONDS,
            requiredClaims: ["sub", "exp", "iat"],
          },
        ));
      } catch (error) {
        if (error instanceof KeysUnavailable) {
          log?.warn({ err: error.cause, provider, jwksUri }, "sign-in provider's keys unavailable");
          throw new HttpError(503, {
            code: "provider_unavailable",
            messageKey: "app.social.providerUnavailable",
          });
        }
        if (error instanceof errors.JWTExpired)
          throw new HttpError(401, { code: "id_token_expired", messageKey: "app.social.tokenExpired" });
        if (error instanceof errors.JOSEError) throw invalid();
        throw error;
      }

      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) throw invalid();
      const c = claims.data;
      // The app binds its sign-in request to a nonce; a token minted for another request is replayed.
      if (nonce !== undefined && c.nonce !== nonce) throw invalid();
      return {
        provider,
        subject: c.sub,
        email: c.email,
        emailVerified: c.email_verified === true || c.email_verified === "true",
        givenName: c.given_name,
        familyName: c.family_name,
      };
    },
  };
}
