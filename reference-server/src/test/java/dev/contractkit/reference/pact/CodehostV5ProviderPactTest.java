package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;

/** Verifies the SDK's code-hosting v5 pacts against the real reference server (the demo data's runners, reset per state). */
@Provider("codehost-v5")
@PactFolder("../sdk/target/pacts")
class CodehostV5ProviderPactTest extends CodehostProviderPact {
}
