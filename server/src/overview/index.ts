// The overview domain's door (the back office's dashboard): nothing uses it but app.ts.
export { registerOverview, registerOverviewMetrics } from "./overview.module";
