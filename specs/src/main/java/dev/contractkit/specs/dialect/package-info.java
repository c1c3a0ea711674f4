/**
 * The kit's contract dialect: the {@code x-kit-*} keys of its OpenAPI documents, one reader each (with its one
 * default) and the registry the build's contract check uses ({@link dev.contractkit.specs.dialect.Keyword}).
 * Readers take the parsed JSON tree (Jackson) of a document, an operation, a response, a schema or a security
 * scheme, so the mock, the conformance suite and the reference server read the dialect the same way.
 * Documented in {@code docs/contract-dialect.md}. A document without any of these keys works everywhere.
 */
package dev.contractkit.specs.dialect;
