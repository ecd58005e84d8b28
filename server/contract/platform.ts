import { z } from "zod";
import { call } from "./define";

export const health = call({
  method: "GET",
  path: "health",
  access: "public",
  summary: "Liveness and what the process runs on",
  input: z.object({}),
  output: z.object({
    status: z.literal("ok"),
    version: z.string(),
    database: z.enum(["pglite", "postgres"]),
    bus: z.enum(["local", "redis"]),
    market_source: z.string(),
    time: z.number().int(),
  }),
});
