package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;

/** Verifies the SDK's code-hosting v4 pacts against the real reference server (the demo data's runners, reset per state). */
@Provider("codehost-v4")
@PactFolder("../sdk/target/pacts")
class CodehostV4ProviderPactTest extends CodehostProviderPact {
}
