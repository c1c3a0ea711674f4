package dev.contractkit.sdk.apidump;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 38, item 1: the API text holds what a caller can use, and a removed or changed method shows in the diff. */
class ApiDumpTest {
    private static final String BEFORE = ApiDump.of(List.of(ApiFixtures.Before.class));
    /** The After class under the Before class's name: the same class, one version later. */
    private static final String AFTER = ApiDump.of(List.of(ApiFixtures.After.class)).replace("$After", "$Before")
            .replace("After(", "Before(");

    @Test
    void theTextHoldsPublicAndProtectedMembersWithTheirSignaturesAndNothingPrivate() {
        assertThat(BEFORE).contains(
                "public static class dev.contractkit.sdk.apidump.ApiFixtures$Before {",
                "  public static final java.lang.String NAME\n",
                "  protected int kept\n",
                "  public Before()\n",
                "  public java.lang.String hello()\n",
                "  public java.util.List<java.lang.String> greet(java.lang.String...) throws java.io.IOException\n",
                "  public void removed(int)\n");
        assertThat(BEFORE).doesNotContain("packagePrivate", "secret");
    }

    @Test
    void deprecationAndTypeParametersAreInTheText() {
        assertThat(AFTER).contains("  @Deprecated public java.lang.String hello()\n",
                "  public <T extends java.lang.Comparable<T>> T added()\n");
    }

    @Test
    void protectedMembersOfAFinalClassAreNotApi() {
        assertThat(ApiDump.of(List.of(ApiFixtures.Closed.class))).contains("public int shown")
                .doesNotContain("hidden");
    }

    @Test
    void theDiffNamesEveryRemovedChangedAndAddedMember() {
        List<String> changes = ApiDiff.between(BEFORE, AFTER);

        String in = "  in dev.contractkit.sdk.apidump.ApiFixtures$Before";
        assertThat(changes).containsExactly(
                "changed member  public java.util.List<java.lang.String> greet(java.lang.String...) throws java.io.IOException" + in,
                "             -> public java.util.List<java.lang.String> greet(java.util.List<java.lang.String>) throws java.io.IOException",
                "changed member  public java.lang.String hello()" + in,
                "             -> @Deprecated public java.lang.String hello()",
                "removed member  public void removed(int)" + in,
                "added member    public <T extends java.lang.Comparable<T>> T added()" + in);
    }

    @Test
    void theDiffNamesRemovedAndAddedClassesAndIsEmptyForTheSameApi() {
        String closed = ApiDump.of(List.of(ApiFixtures.Closed.class));

        assertThat(ApiDiff.between(BEFORE, BEFORE)).isEmpty();
        assertThat(ApiDiff.between("# a comment\n" + BEFORE, BEFORE)).isEmpty();
        assertThat(ApiDiff.between(BEFORE + "\n" + closed, BEFORE)).containsExactly(
                "removed class   public static final class dev.contractkit.sdk.apidump.ApiFixtures$Closed");
        assertThat(ApiDiff.between(BEFORE, BEFORE + "\n" + closed)).containsExactly(
                "added class     public static final class dev.contractkit.sdk.apidump.ApiFixtures$Closed");
    }

    @Test
    void theFailureSaysHowToAcceptTheChange() {
        assertThat(PublicApiBaselineTest.report(List.of("removed member  public void removed(int)")))
                .contains("removed member  public void removed(int)", "-Dsdk.api.update=true", "sdk/api/sdk.api",
                        "@Deprecated delegate");
    }
}
