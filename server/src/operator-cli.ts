/**
 * Operator accounts, from the shell (there is no sign-up for operators):
 *   npm run operator -- create NAME PASSWORD [admin|reviewer|support]
 * prints the TOTP secret (base32) and its otpauth URI for the authenticator app.
 */
import path from "node:path";
import { operatorRole } from "../contract/backoffice";
import { OperatorService } from "./backoffice";
import { systemClock } from "./platform/clock";
import { loadConfig } from "./platform/config";
import { openDatabase } from "./platform/db";
import { DomainError } from "./platform/errors";
import { migrate } from "./platform/migrate";
import { operatorSecrets } from "./platform/secret-box";

const [command, name, password, role = "admin"] = process.argv.slice(2);
if (command !== "create" || !name || !password) {
  console.error("usage: npm run operator -- create NAME PASSWORD [admin|reviewer|support]");
  process.exit(2);
}
const parsedRole = operatorRole.safeParse(role);
if (!parsedRole.success || password.length < 10) {
  console.error(parsedRole.success ? "The password must have at least 10 characters." : "Role must be admin, reviewer or support.");
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite"),
});
try {
  await migrate(database);
  const created = await new OperatorService(database.db, systemClock, operatorSecrets(config)).create(name, password, parsedRole.data);
  console.log(`Operator ${name} (${parsedRole.data}) created, id ${created.id}.`);
  console.log(`TOTP secret: ${created.secret}`);
  console.log(`otpauth URI: ${created.uri}`);
} catch (error) {
  console.error(error instanceof DomainError && error.code === "ACCOUNT_EXISTS" ? `An operator named ${name} already exists.` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
