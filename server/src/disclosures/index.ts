// The disclosures domain's door (the loss share shown in the risk warnings).
export { registerDisclosures, type DisclosuresModule } from "./disclosures.module";
