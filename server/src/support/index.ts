// The support domain's door (customer-service chat).
export { registerSupport, type SupportModule } from "./support.module";
