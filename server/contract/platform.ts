import { z } from "zod";
import { call, raw } from "./define";

/** This API's OpenAPI 3.1 document, generated from the contract. */
export const openApi = raw({ method: "GET", path: "openapi.json", access: "public", summary: "The OpenAPI document of every call", produces: ["application/json"], tags: ["platform"] });

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
