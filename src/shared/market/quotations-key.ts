/**
 * The SWR key of every pair's quotation (`currency/quotation_new`), in a file of its own: the home's first data fills
 * it at start-up without pulling the live quotes' code into the first screen's JavaScript.
 */
export const quotationsKey = "currency/quotation_new";
