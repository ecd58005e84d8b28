import { AlertButton } from "@/features/alerts/ui/alert-sheet";
import { SpotTicketPage } from "@/features/spot/ui/spot-ticket-page";

/** The spot ticket with the alert bell in its header: a price alert on the pair, prefilled with its last price. */
export function SpotTicketWithAlertPage() {
  return <SpotTicketPage headerAction={({ symbol, last }) => <AlertButton symbol={symbol} last={last} compact />} />;
}
