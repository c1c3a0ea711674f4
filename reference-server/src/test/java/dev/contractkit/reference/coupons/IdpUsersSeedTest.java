package dev.contractkit.reference.coupons;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code KIT_COUPONS_USERS} entries: the profile fields are the configured ones or none (issue 36.8). */
class IdpUsersSeedTest {
    @Test
    void anEntryCarriesItsProfileAfterTheRolesAndThePasswordMayStillContainColons() {
        IdpUsers.Seed s = IdpUsers.Seed.parse("ann:pa:ss;w:admin+user;email=ann@shop.example;first_name=Ann;last_name=Lee");
        assertThat(s).isEqualTo(new IdpUsers.Seed("ann", "pa:ss;w", List.of("admin", "user"), "ann@shop.example",
                "Ann", "Lee"));
        assertThat(IdpUsers.Seed.parse("bo:secret:user")).isEqualTo(new IdpUsers.Seed("bo", "secret", List.of("user")))
                .extracting(IdpUsers.Seed::email, IdpUsers.Seed::firstName, IdpUsers.Seed::lastName)
                .containsOnlyNulls();
    }

    @Test
    void theDemoUsersHaveTheirProfileInTheConfiguration() {
        assertThat(List.of(CouponsModule.DEMO_USERS.split(","))).map(IdpUsers.Seed::parse)
                .allSatisfy(s -> assertThat(s.hasProfile()).isTrue())
                .extracting(IdpUsers.Seed::email).containsExactly("admin@example.com", "alice@example.com", "bob@example.com");
    }

    @Test
    void anUnknownOrEmptyProfileFieldOrABadEmailIsRefusedNamingTheUser() {
        assertThatThrownBy(() -> IdpUsers.Seed.parse("ann:pw:user;mail=ann@x.example"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ann").hasMessageContaining("email=");
        assertThatThrownBy(() -> IdpUsers.Seed.parse("ann:pw:user;first_name="))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("first_name=");
        assertThatThrownBy(() -> IdpUsers.Seed.parse("ann:pw:user;email=not-an-address"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an email address");
        assertThatThrownBy(() -> IdpUsers.Seed.parse("ann:pw:;email=ann@x.example"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-empty");
    }
}
