/**
 * Reading a document the way a user has it: JSON (minified or not) or YAML of any size that fits in memory,
 * OpenAPI 3.0/3.1, Swagger 2.0 (converted to OpenAPI 3.0) and documents split over several files (relative
 * {@code $ref}s, bundled into one). The mock, the conformance suite and the SDK generator read every document
 * given on the command line through {@link dev.contractkit.specs.source.DocumentReader}.
 */
package dev.contractkit.specs.source;
