// The order desk's door: the one keyed batch-order protocol that contracts, spot and options place orders through.
export { OrderDesk, type Accepted, type Balances, type DeskProduct, type Member, type Placed } from "./order-desk";
