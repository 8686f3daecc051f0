/*
 * Who a request comes from and what its budget allows: known at the HTTP edge, carried
 * in the request scope, read by the cost check and in every upstream call's accounting.
 */

/** Who is calling: a client of ours by its key, or an anonymous caller by its address. */
export interface Caller {
  /** The client's configured name, or `anonymous`. */
  name: string;
  /** The budget this caller spends from (one per client; one per address for anonymous callers). */
  budgetKey: string;
}

/** A caller's standing after a charge, or why it was refused. */
export interface BudgetStanding {
  /** Points a minute this caller may spend. */
  limit: number;
  /** Points that could be spent right now. */
  remaining: number;
  /** Seconds until the bucket is empty again (the whole budget available). */
  resetSeconds: number;
}
