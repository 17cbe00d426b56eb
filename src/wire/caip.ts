/**
 * The CAIP-2 rules the wire contract checks network ids by. The modal's domain keeps its own copy of
 * the reference's for the page's first script (importing this would put the wire in the page's
 * load); a unit test holds the two equal.
 */

/** CAIP-2 namespace: 3 to 8 of `[-a-z0-9]` (any family: a host's own wing too). */
export const CAIP2_NAMESPACE_PATTERN = /^[-a-z0-9]{3,8}$/
/** CAIP-2 reference: 1 to 32 of `[-_a-zA-Z0-9]`. */
export const CAIP2_REFERENCE_PATTERN = /^[-_a-zA-Z0-9]{1,32}$/
