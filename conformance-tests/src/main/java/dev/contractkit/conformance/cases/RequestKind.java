package dev.contractkit.conformance.cases;

/** Why a request is sent; each check knows which kinds it judges. */
public enum RequestKind {
    /** A request the contract allows, built from examples, defaults, boundaries or seeded random values. */
    POSITIVE,
    /** A request that breaks the contract in exactly one place. */
    NEGATIVE,
    /** A request to a secured operation without credentials, or with invalid ones. */
    UNAUTHENTICATED,
    /** A request to an operation that needs a role ({@code x-kit-required-role}), with a token lacking it. */
    INSUFFICIENT_ROLE,
    /** A request of a declared chain (create, read, delete ...) or one that follows a link. */
    SCENARIO,
    /** A method the contract does not declare for a path. */
    UNSUPPORTED_METHOD
}
