import type { Config } from "../platform/config";
import { readableCode } from "../platform/crypto";
import type { Db } from "../platform/db";
import { getSetting, putSetting } from "../platform/settings";
import { ROOT_INVITE_SETTING } from "./auth.service";

/**
 * The first user needs an invitation code nobody has yet: `ROOT_INVITE_CODE`, or one generated at the first
 * start. `created` tells the caller to print it (once).
 */
export async function ensureRootInviteCode(db: Db, config: Config): Promise<{ code: string; created: boolean }> {
  const stored = await getSetting<string>(db, ROOT_INVITE_SETTING);
  if (config.ROOT_INVITE_CODE) {
    const code = config.ROOT_INVITE_CODE.toUpperCase();
    if (stored !== code) await putSetting(db, ROOT_INVITE_SETTING, code);
    return { code, created: false };
  }
  if (stored) return { code: stored, created: false };
  const code = readableCode(8);
  await putSetting(db, ROOT_INVITE_SETTING, code);
  return { code, created: true };
}
