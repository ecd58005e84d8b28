import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import "./wallet.css";

/** Bank-transfer guidance: the bank details come from customer service, never from a page. */
export function BankTransferPage() {
  return (
    <Page title={<Trans>Bank transfer</Trans>} nav="default">
      <div className="card">
        <h2 style={{ fontSize: 16, marginBottom: 10 }}>
          <Trans>Deposit by bank transfer</Trans>
        </h2>
        <ol className="money-steps">
          <li>
            <Trans>Contact customer service and tell them the amount you want to deposit.</Trans>
          </li>
          <li>
            <Trans>Customer service gives you the bank details for your transfer. Use only the details they give you in the chat.</Trans>
          </li>
          <li>
            <Trans>Make the transfer from a bank account in your own name, as verified in KYC.</Trans>
          </li>
          <li>
            <Trans>Send the transfer receipt in the chat. Once the money arrives, it is credited to your USDT wallet and shows in your financial records.</Trans>
          </li>
        </ol>
      </div>
      <div className="notice" style={{ marginTop: 12 }}>
        <Icon name="shield" size={18} />
        <span>
          <Trans>We never ask you to pay into an account shown anywhere else, and never ask for a fee to release your own deposit.</Trans>
        </span>
      </div>
      <Link href={paths.service} className="btn btn--primary" style={{ marginTop: 16 }}>
        <Icon name="headset" />
        <Trans>Contact customer service</Trans>
      </Link>
      <Link href={paths.wireTransfer} className="btn btn--ghost" style={{ marginTop: 10 }}>
        <Trans>Wire transfer terms</Trans>
      </Link>
      <Link href={paths.uploadVoucher} className="btn btn--link" style={{ marginTop: 14, width: "100%" }}>
        <Trans>Deposit USDT with a payment screenshot instead</Trans>
      </Link>
    </Page>
  );
}
