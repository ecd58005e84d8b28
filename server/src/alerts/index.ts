// The price alerts domain's door: what app.ts wires.
export { registerAlerts, type AlertsModule } from "./alerts.module";
