export { registerMoney, type MoneyModule, type MoneyOptions } from "./money.module";
