import "fake-indexeddb/auto";
import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";
import { i18n } from "@lingui/core";

// Components render with the English source texts unless a test activates a catalogue.
i18n.loadAndActivate({ locale: "en", messages: {} });

afterEach(() => {
  cleanup();
});
