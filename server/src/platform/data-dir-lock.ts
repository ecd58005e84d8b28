import fs from "node:fs";

/**
 * PGlite allows one process per data folder; a second one (the operator CLI beside a running server) would write
 * beside the first and each would then see a database the other does not. Whoever opens a data folder holds
 * `<dir>.lock` (its process id) until it closes; another process is refused with a clear message while the holder
 * lives. A lock left by a process that died (kill -9) is taken over.
 */
export function holdDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data folder ${dataDir} is in use by process ${holder} (a running TradeWise server?). ` +
            "Stop it first: the embedded database allows one process at a time (or use DATABASE_URL for PostgreSQL).",
        );
      }
      // Left by a process that is gone (or by this one): take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
