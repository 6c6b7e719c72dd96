import { createContext, useContext } from "react";

/** The per-response CSP nonce, set by entry.server; empty in the browser, where it is not needed. */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
