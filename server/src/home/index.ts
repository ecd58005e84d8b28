// The home domain's door (the signed-in home's first data): nothing uses it but app.ts.
export { registerHome, type HomeSources } from "./home.module";
