import { z } from "zod";
import { errors } from "./messages";

/**
 * The JSON forms of WebAuthn Level 2/3 (`PublicKeyCredential.toJSON()`, what @simplewebauthn/browser hands over):
 * the browser's answers as the server reads them, and the options it sends. Bounded, so a hostile body is refused
 * here; whatever is inside is the passkey service's to verify.
 */
const refused = { message: errors.PASSKEY_INVALID.key };
const base64url = (max: number) => z.string(refused).max(max, refused).regex(/^[A-Za-z0-9_-]*$/, refused);
const transport = z.string(refused).regex(/^[a-z-]{1,16}$/, refused);
const extensionResults = z.record(z.string(), z.unknown()).default({});

export const authenticationResponse = z.object(
  {
    id: base64url(1024).min(1, refused),
    rawId: base64url(1024),
    response: z.object(
      {
        clientDataJSON: base64url(8192),
        authenticatorData: base64url(8192),
        signature: base64url(2048),
        userHandle: base64url(256).optional(),
      },
      refused,
    ),
    authenticatorAttachment: z.enum(["platform", "cross-platform"], refused).optional(),
    clientExtensionResults: extensionResults,
    type: z.literal("public-key", refused),
  },
  refused,
);
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

export const registrationResponse = z.object(
  {
    id: base64url(1024).min(1, refused),
    rawId: base64url(1024),
    response: z.object(
      {
        clientDataJSON: base64url(8192),
        attestationObject: base64url(16384),
        authenticatorData: base64url(8192).optional(),
        transports: z.array(transport).max(8, refused).optional(),
        publicKeyAlgorithm: z.number(refused).int(refused).optional(),
        publicKey: base64url(4096).optional(),
      },
      refused,
    ),
    authenticatorAttachment: z.enum(["platform", "cross-platform"], refused).optional(),
    clientExtensionResults: extensionResults,
    type: z.literal("public-key", refused),
  },
  refused,
);
export type RegistrationResponse = z.infer<typeof registrationResponse>;

const credentialDescriptor = z.object({ id: z.string(), type: z.literal("public-key"), transports: z.array(z.string()).optional() });

/** PublicKeyCredentialCreationOptionsJSON, for `navigator.credentials.create`. */
export const creationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal("public-key") })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
    })
    .optional(),
  attestation: z.enum(["none", "indirect", "direct", "enterprise"]).optional(),
  hints: z.array(z.enum(["security-key", "client-device", "hybrid"])).optional(),
  /** credProps: the browser says whether the passkey it made is discoverable. */
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

export type CreationOptions = z.infer<typeof creationOptions>;

/** PublicKeyCredentialRequestOptionsJSON, for `navigator.credentials.get`. */
export const requestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string(),
  allowCredentials: z.array(credentialDescriptor),
  userVerification: z.enum(["discouraged", "preferred", "required"]),
});
export type RequestOptions = z.infer<typeof requestOptions>;
