/** The published hashing rules as formulas (code, not prose: the page explains them in the user's language). */
export const FORMULAS = {
  commitment: 'commitment = sha256(user_id + "|" + nonce)',
  leaf: 'leaf_hash = sha256("leaf|" + commitment + "|" + balance)',
  node: 'node_hash = sha256("node|" + left_hash + "|" + left_sum + "|" + right_hash + "|" + right_sum)',
  empty: 'empty = sha256("empty"), sum "0"',
} as const;
