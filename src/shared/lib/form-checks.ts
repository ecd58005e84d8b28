import { isValidAddress, PASSWORD_MAX, PASSWORD_MIN } from "@contract/constants";
import { errors } from "@contract/messages";

/**
 * What a form can check on the device before it asks for a secret, named by the server's own message keys so the
 * field shows the same words either way (field -> key; null when all is well). The server checks the same again.
 */
export type FieldProblems = Record<string, string> | null;

const only = (problems: Record<string, string>): FieldProblems => (Object.keys(problems).length > 0 ? problems : null);

/** A new password and its confirmation: the length, then the match. */
export function newPasswordProblems(password: string, rePassword: string): FieldProblems {
  const problems: Record<string, string> = {};
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.password = errors.PASSWORD_LENGTH.key;
  else if (password !== rePassword) problems.re_password = errors.PASSWORD_MISMATCH.key;
  return only(problems);
}

/** A withdrawal address on its network. */
export function addressProblems(network: string, address: string): FieldProblems {
  return isValidAddress(network, address.trim()) ? null : { address: errors.ADDRESS_INVALID.key };
}
