import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@contract/countries";
import { countryOptions } from "./countries";

describe("countryOptions", () => {
  it("names every country in the user's language, sorted in that language", () => {
    const en = countryOptions("en-US");
    expect(en).toHaveLength(COUNTRY_CODES.length);
    expect(en.find((c) => c.code === "DE")?.name).toBe("Germany");
    expect(countryOptions("es-ES").find((c) => c.code === "DE")?.name).toBe("Alemania");
    const names = en.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-US")));
  });
});
