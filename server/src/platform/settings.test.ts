import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "./db";
import { freshDatabase } from "../testing/harness";
import { parsedOrDefault, putSetting, settingReader } from "./settings";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

const schema = z.object({ rate: z.string() });
let keys = 0;
const reader = (ttlMs = 60_000) => settingReader(`test.reader.${process.pid}.${++keys}`, parsedOrDefault(schema, { rate: "default" }), ttlMs);

describe("settingReader", () => {
  it("gives the default when the setting is absent or does not parse", async () => {
    const config = reader();
    expect(await config.read(database.db)).toEqual({ rate: "default" });
    await putSetting(database.db, config.key, { rate: 5 });
    expect(await config.read(database.db)).toEqual({ rate: "default" });
  });

  it("caches within the TTL, and drops the cache the moment this process saves", async () => {
    const config = reader();
    await config.save(database.db, { rate: "1" });
    expect(await config.cached(database.db)).toEqual({ rate: "1" });
    // Another process's write (straight to the table): the cached value stays until the TTL ends.
    await database.query("UPDATE settings SET value = $1 WHERE key = $2", [JSON.stringify({ rate: "2" }), config.key]);
    expect(await config.cached(database.db)).toEqual({ rate: "1" });
    expect(await config.read(database.db)).toEqual({ rate: "2" });
    // An operator's save in a transaction, as the back office does: the next cached read sees it.
    await database.db.transaction((tx) => config.save(tx, { rate: "3" }));
    expect(await config.cached(database.db)).toEqual({ rate: "3" });
  });

  it("reads again once the TTL has passed", async () => {
    const config = reader(0);
    await config.save(database.db, { rate: "1" });
    expect(await config.cached(database.db)).toEqual({ rate: "1" });
    await database.query("UPDATE settings SET value = $1 WHERE key = $2", [JSON.stringify({ rate: "2" }), config.key]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await config.cached(database.db)).toEqual({ rate: "2" });
  });

  it("shares one read among the callers that miss at once, and keeps no failed read", async () => {
    let reads = 0;
    let failNext = true;
    const config = settingReader(`test.reader.${process.pid}.${++keys}`, (stored) => {
      reads++;
      if (failNext) {
        failNext = false;
        throw new Error("the database went away");
      }
      return parsedOrDefault(schema, { rate: "default" })(stored);
    });
    await config.save(database.db, { rate: "7" });
    await expect(Promise.all(Array.from({ length: 50 }, () => config.cached(database.db)))).rejects.toThrow("the database went away");
    expect(reads).toBe(1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => config.cached(database.db)));
    expect(answers.every((a) => a.rate === "7")).toBe(true);
    expect(reads).toBe(2);
  });
});
