// The proof domain's door (proof of liabilities).
export { registerProof, type ProofModule } from "./proof.module";
export type { ProofService } from "./proof.service";
