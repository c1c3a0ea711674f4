package dev.contractkit.conformance;

/** Why a request is sent; each check knows which kinds it judges. */
enum Kind {
    /** A request the contract allows, built from examples, defaults, boundaries or seeded random values. */
    POSITIVE,
    /** A request that breaks the contract in exactly one place. */
    NEGATIVE,
    /** A request to a secured operation without credentials, or with invalid ones. */
    UNAUTHENTICATED,
    /** A method the contract does not declare for a path. */
    UNSUPPORTED_METHOD
}
