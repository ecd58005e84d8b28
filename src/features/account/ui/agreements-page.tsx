import { Trans } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Cell } from "@/shared/ui/cell";
import { Page } from "@/shared/ui/page";

/** The agreement list of the seed: FAQ, white paper, regulatory licence, service agreement, wire transfer. */
export function AgreementsPage() {
  return (
    <Page title={<Trans>Terms and conditions</Trans>}>
      <nav className="list">
        <Cell icon="help" label={<Trans>FAQ</Trans>} href={paths.faq} />
        <Cell icon="file" label={<Trans>White paper</Trans>} href={paths.whitePaper} />
        <Cell icon="shield" label={<Trans>Regulatory license</Trans>} href={paths.licence} />
        <Cell icon="file" label={<Trans>Service agreement</Trans>} href={paths.serviceAgreement} />
        <Cell icon="bank" label={<Trans>Wire transfer</Trans>} href={paths.wireTransfer} />
      </nav>
    </Page>
  );
}
