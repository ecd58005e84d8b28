// The Users desk's door (ARCHITECTURE.md, "Server domains and their doors").
export { registerUserAdmin } from "./user-admin.module";
